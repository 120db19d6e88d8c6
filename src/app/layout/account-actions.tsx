import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { paths } from '../paths';

export function AccountActions() {
  const { session, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut();
    await navigate(paths.signIn(), { replace: true });
  };

  return (
    <>
      <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' }, mx: 1 }}>
        Signed in as <strong>{session?.username}</strong>
      </Typography>
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        onClick={() => void handleSignOut()}
        disabled={signingOut}
      >
        Sign out
      </Button>
    </>
  );
}
