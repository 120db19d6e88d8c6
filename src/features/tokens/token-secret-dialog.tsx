import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreatedToken } from '../../../contract/tokens';
import { CopyButton } from '../../components/copy-button';

interface TokenSecretDialogProps {
  token: CreatedToken;
  onClose: () => void;
}

/** The API returns a token's secret once, in the create response; this is the only chance. */
export function TokenSecretDialog({ token, onClose }: TokenSecretDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      // A stray click outside must not lose a secret that cannot be shown again.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Token “{token.name}” created</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Copy the token now and keep it somewhere safe. It will not be shown again.
          </Alert>
          <TextField
            label="Token"
            value={token.token}
            fullWidth
            multiline
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false },
            }}
            onFocus={(event) => event.target.select()}
            sx={{ '& textarea': { fontFamily: 'monospace', wordBreak: 'break-all' } }}
          />
          <CopyButton text={token.token} label="Copy token" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
