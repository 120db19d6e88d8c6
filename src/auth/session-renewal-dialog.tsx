import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ApiError } from '../api/http';
import { PasswordSignInForm } from './password-sign-in-form';
import { SignInMethodToggle } from './sign-in-form';
import type { SignInMethod } from './sign-in-form';
import type { Session } from './session-store';
import { exchangePassword, revokeSessionToken, verifyToken } from './sign-in';
import { TokenSignInForm } from './token-sign-in-form';

interface SessionRenewalDialogProps {
  session: Session;
  onRenewed: (session: Session) => void;
  /** Gives up: the user is signed out as when a session ends. */
  onCancel: () => void;
}

/**
 * Signing in again over the current page when the session token was refused or is about to
 * expire. The page stays mounted, so what the user typed is kept, and the requests that were
 * refused wait and are sent again with the new token. Only the same account may continue: the
 * page's data and the waiting requests are that account's.
 */
export default function SessionRenewalDialog({
  session,
  onRenewed,
  onCancel,
}: SessionRenewalDialogProps) {
  const titleId = useId();
  const [method, setMethod] = useState<SignInMethod>(session.viaPassword ? 'password' : 'token');

  const accept = (renewed: Session) => {
    if (renewed.username !== session.username) {
      void revokeSessionToken(renewed).catch(() => undefined);
      throw new ApiError(
        403,
        'OTHER_ACCOUNT',
        `Sign in as ${session.username} to continue, or cancel to sign out.`,
      );
    }
    onRenewed(renewed);
  };

  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Sign in again</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Your session as {session.username} has ended or is about to. Sign in again to continue:
          what you entered on this page is kept, and the waiting request is sent afterwards.
        </DialogContentText>
        <SignInMethodToggle value={method} onChange={setMethod} size="small" />
        {method === 'token' ? (
          <TokenSignInForm signIn={async (token) => accept((await verifyToken(token)).session)} />
        ) : (
          <PasswordSignInForm
            username={session.username}
            signIn={async (username, password) =>
              accept(await exchangePassword(username, password))
            }
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel and sign out</Button>
      </DialogActions>
    </Dialog>
  );
}
