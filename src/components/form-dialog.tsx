import { useId } from 'react';
import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ApiError } from '../api/http';
import { ApiCallPanel } from './api-call-panel';
import type { ApiCallRequest } from './api-call-view';
import { ApiErrorAlert } from './api-error-alert';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A failure no field is about; field errors sit on their fields. */
  failure: ApiError | null;
  failureTitle: string;
  submitDisabled?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The request the form will send with its current values, for the "API call" view. */
  apiCall?: ApiCallRequest | null;
  children: ReactNode;
}

/**
 * FormDialog's words for a dialog that creates a `noun` ("Create a tag", "Create tag",
 * "Creating…", "The tag could not be created"), or, given the name of the one it edits, saves it
 * ("Edit the tag “web”", "Save tag", "Saving…", "The tag could not be saved").
 */
export function createOrEditWords(noun: string, editedName?: string) {
  return editedName === undefined
    ? {
        title: `Create a ${noun}`,
        submitLabel: `Create ${noun}`,
        pendingLabel: 'Creating…',
        failureTitle: `The ${noun} could not be created`,
      }
    : {
        title: `Edit the ${noun} “${editedName}”`,
        submitLabel: `Save ${noun}`,
        pendingLabel: 'Saving…',
        failureTitle: `The ${noun} could not be saved`,
      };
}

/**
 * FormDialog's words for a dialog that adds a `noun` to something ("Add member", "Adding…", "The
 * member could not be added"); its title says to what.
 */
export function addWords(noun: string) {
  return {
    submitLabel: `Add ${noun}`,
    pendingLabel: 'Adding…',
    failureTitle: `The ${noun} could not be added`,
  };
}

/**
 * FormDialog's words for a dialog that changes a `noun` ("Save changes", "Saving…", "The storage
 * could not be changed"); its title says which one.
 */
export function changeWords(noun: string) {
  return {
    submitLabel: 'Save changes',
    pendingLabel: 'Saving…',
    failureTitle: `The ${noun} could not be changed`,
  };
}

/**
 * A form in a dialog: fields, then a failure, then Cancel and the action. The dialog stays open
 * while the request runs and after it fails, so what the user typed is never lost. "API call" shows
 * the request it sends (or, given `apiCall`, will send) as curl and JSON.
 */
export function FormDialog({
  title,
  submitLabel,
  pendingLabel,
  pending,
  failure,
  failureTitle,
  submitDisabled = false,
  maxWidth = 'sm',
  onSubmit,
  onClose,
  apiCall,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            {children}
            {failure && <ApiErrorAlert error={failure} title={failureTitle} />}
            <ApiCallPanel preview={apiCall} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending || submitDisabled}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What a create dialog takes: how to close it, and what to do with what the API created. */
export interface CreateDialogProps<Created> {
  onClose: () => void;
  onCreated: (created: Created) => void;
}
