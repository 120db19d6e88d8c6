import { useState } from 'react';
import Box from '@mui/material/Box';
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
      <Typography
        variant="body2"
        noWrap
        sx={{ display: { xs: 'none', md: 'block' }, mx: 1, maxWidth: '28ch' }}
      >
        Signed in as <strong>{session?.username}</strong>
      </Typography>
      {/* On a phone only the icon shows; the label names the button at every width. */}
      <Button
        color="inherit"
        aria-label="Sign out"
        title="Sign out"
        startIcon={<LogoutIcon />}
        onClick={() => void handleSignOut()}
        disabled={signingOut}
        sx={{
          flexShrink: 0,
          whiteSpace: 'nowrap',
          minWidth: { xs: 40, sm: 64 },
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Sign out
        </Box>
      </Button>
    </>
  );
}
