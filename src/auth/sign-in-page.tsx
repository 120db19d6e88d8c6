import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { productName } from '../lib/product';
import { safeReturnPath } from '../lib/redirect';
import { useAuth } from './auth-context';
import { PasswordSignInForm } from './password-sign-in-form';
import { TokenSignInForm } from './token-sign-in-form';

type Method = 'token' | 'password';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const { session, expired } = useAuth();
  const [searchParams] = useSearchParams();
  const [method, setMethod] = useState<Method>('token');

  if (session) return <Navigate to={safeReturnPath(searchParams.get('next'))} replace />;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            Sign in to {productName}
          </Typography>
          {expired && (
            <Alert severity="info" role="status" sx={{ mb: 2 }}>
              Your session has ended. Sign in again to continue.
            </Alert>
          )}
          <ToggleButtonGroup
            value={method}
            exclusive
            onChange={(_event, value: Method | null) => {
              if (value) setMethod(value);
            }}
            aria-label="Sign in with"
            fullWidth
            sx={{ mb: 3 }}
          >
            <ToggleButton value="token">API token</ToggleButton>
            <ToggleButton value="password">Username and password</ToggleButton>
          </ToggleButtonGroup>
          {method === 'token' ? <TokenSignInForm /> : <PasswordSignInForm />}
        </CardContent>
      </Card>
    </Box>
  );
}
