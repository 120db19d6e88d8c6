import { useId } from 'react';
import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
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
 * The form fills the dialog as a column: its fields scroll between the title and the actions,
 * which stay in view (the dialog scrolled as a whole, and on a phone Create was below the fold).
 */
const formSx = { display: 'flex', flexDirection: 'column', minHeight: 0 } as const;

/**
 * A form in a dialog: fields, then a failure, then Cancel and the action. The dialog stays open
 * while the request runs and after it fails, so what the user typed is never lost. "API call" shows
 * the request it sends (or, given `apiCall`, will send) as curl and JSON. On a phone it takes the
 * whole screen, as a phone's own forms do, rather than a card with margins around it.
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
  // Read as the dialog first renders (noSsr): it opens on a click, never in a server's page.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={formSx}>
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
      </Box>
    </Dialog>
  );
}

/** What a create dialog takes: how to close it, and what to do with what the API created. */
export interface CreateDialogProps<Created> {
  onClose: () => void;
  onCreated: (created: Created) => void;
}
