import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';

/** What an action confirms once the API has taken it, and where its result is, if elsewhere. */
export interface Notice {
  message: string;
  link?: { label: string; to: string };
}

const hideAfterMs = 10_000;

function SuccessNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={notice.link ? null : hideAfterMs}
      // A click elsewhere is the user carrying on, not dismissing what they were told.
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity="success"
        variant="filled"
        role="status"
        action={
          <>
            {notice.link && (
              <Button color="inherit" size="small" component={RouterLink} to={notice.link.to}>
                {notice.link.label}
              </Button>
            )}
            <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}

/**
 * The one way an action confirms its result: a green notice at the bottom of the page, with a
 * link to what the action made when that is elsewhere ("Clone created — Open"). `notify` shows
 * one (replacing the last); render `notice` once in the page.
 */
export function useSuccessNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  return {
    notify: setNotice,
    notice: notice && (
      <SuccessNotice key={notice.message} notice={notice} onClose={() => setNotice(null)} />
    ),
  };
}
