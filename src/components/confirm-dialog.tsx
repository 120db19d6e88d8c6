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

/** What ConfirmDialog reads of a TanStack Query mutation result. */
interface ConfirmMutation {
  isPending: boolean;
  error: ApiError | null;
  reset: () => void;
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /**
   * The mutation confirming runs: its state disables the dialog and shows its failure, and closing
   * resets it so a dialog kept mounted opens without the last error. Without one (an undoable
   * action runs later), the dialog is never pending and shows no error.
   */
  mutation?: ConfirmMutation;
  /** When a rule of the spec forbids the action now; the content says why. */
  confirmDisabled?: boolean;
  /** For important resources: the name the user must type before the button enables. */
  typedConfirmation?: { expected: string; what?: string };
  /** The request confirming sends, for the "API call" view. */
  apiCall: ApiCallRequest;
  errorTitle: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** How a confirmation's words name its action: the button, the pending button, the failure. */
const verbForms = {
  delete: ['Delete', 'Deleting…', 'deleted'],
  detach: ['Detach', 'Detaching…', 'detached'],
  disable: ['Disable', 'Disabling…', 'disabled'],
  release: ['Release', 'Releasing…', 'released'],
} as const;

/**
 * ConfirmDialog's words for `verb` on a `noun`: confirmWords('delete', 'tag') labels the button
 * "Delete tag" ("Deleting…" while it runs) and titles a failure "The tag could not be deleted".
 */
export function confirmWords(verb: keyof typeof verbForms, noun: string) {
  const [label, pending, done] = verbForms[verb];
  return {
    confirmLabel: `${label} ${noun}`,
    pendingLabel: pending,
    errorTitle: `The ${noun} could not be ${done}`,
  };
}

/**
 * ConfirmDialog's `mutation` and `onConfirm` for a mutation that runs with `variables` and then
 * calls `onSuccess` (it closes the dialog, or moves on from what is gone).
 */
export function confirmMutation<Variables, Result>(
  mutation: ConfirmMutation & {
    mutate: (variables: Variables, options: { onSuccess: (result: Result) => void }) => void;
  },
  variables: Variables,
  onSuccess: (result: Result) => void,
) {
  return { mutation, onConfirm: () => mutation.mutate(variables, { onSuccess }) };
}

/** A destructive action asks first; failures stay in the dialog so the user can retry. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  mutation,
  confirmDisabled = false,
  typedConfirmation,
  apiCall,
  errorTitle,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const pending = mutation?.isPending ?? false;
  const error = mutation?.error ?? null;
  const close = () => {
    mutation?.reset();
    onClose();
  };
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
      onClose={pending ? undefined : close}
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
        <Button onClick={close} disabled={pending}>
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
