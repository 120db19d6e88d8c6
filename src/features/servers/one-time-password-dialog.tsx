import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ServerLogin } from '../../api/servers';
import { CopyButton } from '../../components/copy-button';
import { TextInput } from '../../components/form/text-input';

type ShownLogin = ServerLogin & { uuid: string };

/**
 * The one-time password of a new server, shown once: the API answers it only to the create
 * (UpCloud's Go SDK, Server.OneTimePassword). It lives in this hook's state alone, never in the
 * query cache or the URL, and is gone once the dialog closes.
 */
export function useOneTimePassword(onDone: (uuid: string) => void) {
  const received = useRef<ServerLogin | null>(null);
  const [shown, setShown] = useState<ShownLogin | null>(null);
  const close = () => {
    const uuid = shown?.uuid;
    setShown(null);
    if (uuid) onDone(uuid);
  };
  return {
    /** For useCreateServer: keeps the password the create answered. */
    onLogin: (login: ServerLogin) => {
      received.current = login;
    },
    /** After the create succeeded: shows the password if one came, or goes on at once. */
    created: (uuid: string) => {
      const login = received.current;
      received.current = null;
      if (login) setShown({ ...login, uuid });
      else onDone(uuid);
    },
    dialog: <OneTimePasswordDialog login={shown} onClose={close} />,
  };
}

function OneTimePasswordDialog({
  login,
  onClose,
}: {
  login: ShownLogin | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={login !== null}
      // A stray click beside the dialog must not throw the password away.
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle>One-time password</DialogTitle>
      {login && (
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {`Sign in as ${login.username} with this password, then change it.`}
            </DialogContentText>
            <Alert severity="warning">
              This password is shown only now. Copy it before you close this dialog: the panel
              cannot show it again.
            </Alert>
            <TextInput
              label="Password"
              value={login.password}
              readOnly
              inputProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
            />
            <CopyButton text={login.password} label="Copy password" />
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          I have saved it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
