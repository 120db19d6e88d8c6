import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ApiError } from '../api/http';
import { ApiCallPanel } from './api-call-panel';
import type { ApiCallRequest } from './api-call-view';
import { ApiErrorAlert } from './api-error-alert';
import { isConfirmed, TypedConfirmation } from './typed-confirmation';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** When a rule of the spec forbids the action now; the content says why. */
  confirmDisabled?: boolean;
  /** For important resources: the name the user must type before the button enables. */
  typedConfirmation?: { expected: string; what?: string };
  /** The request confirming sends, for the "API call" view. */
  apiCall: ApiCallRequest;
  error: ApiError | null;
  errorTitle: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action asks first; failures stay in the dialog so the user can retry. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  confirmDisabled = false,
  typedConfirmation,
  apiCall,
  error,
  errorTitle,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [typed, setTyped] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // A dialog kept mounted between uses asks for the name afresh each time it opens.
    setWasOpen(open);
    if (!open) setTyped('');
  }
  const unconfirmed = typedConfirmation ? !isConfirmed(typedConfirmation.expected, typed) : false;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={descriptionId} component="div">
            {children}
          </DialogContentText>
          {typedConfirmation && (
            <TypedConfirmation
              expected={typedConfirmation.expected}
              what={typedConfirmation.what}
              value={typed}
              onChange={setTyped}
              disabled={pending || confirmDisabled}
            />
          )}
          {error && <ApiErrorAlert error={error} title={errorTitle} />}
          <ApiCallPanel preview={apiCall} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          color="error"
          variant="contained"
          disabled={pending || confirmDisabled || unconfirmed}
        >
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
