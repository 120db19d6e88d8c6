import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { productName } from '../lib/product';
import { safeReturnPath } from '../lib/redirect';
import { useAuth } from './auth-context';
import { DemoAccounts } from './demo-accounts';
import type { DemoAccount } from './demo-accounts';
import { PasswordSignInForm } from './password-sign-in-form';
import { SignInMethodToggle } from './sign-in-form';
import type { SignInMethod } from './sign-in-form';
import { TokenSignInForm } from './token-sign-in-form';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const { session, expired, notice } = useAuth();
  const [searchParams] = useSearchParams();
  const [method, setMethod] = useState<SignInMethod>('password');
  const [demo, setDemo] = useState<DemoAccount>();

  if (session) return <Navigate to={safeReturnPath(searchParams.get('next'))} replace />;

  return (
    <Box
      component="main"
      // The card hangs from the top rather than in the middle: the demo accounts, read once the
      // page shows, then lengthen it downwards and nothing above them moves (centred, the whole
      // card jumped up when they came, a layout shift of 0.15 on a phone).
      sx={{
        minHeight: '100vh',
        display: 'grid',
        justifyItems: 'center',
        alignItems: 'start',
        p: 2,
        pt: { xs: 2, sm: 8 },
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
          {notice && (
            <Alert severity="info" role="status" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          )}
          <SignInMethodToggle value={method} onChange={setMethod} />
          {method === 'token' ? (
            <TokenSignInForm />
          ) : (
            // A chosen demo account fills a fresh form.
            <PasswordSignInForm key={demo?.username} {...demo} />
          )}
          <DemoAccounts
            onChoose={(account) => {
              setMethod('password');
              setDemo(account);
            }}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
