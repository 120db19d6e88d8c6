import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { useLocation, useNavigate } from 'react-router';
import { RouterLink } from './router-link';

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
 * Router state that carries a notice to the page an action navigates to (a deleted server's
 * list, a new server's page): `navigate(to, { state: noticeState(notice) })`.
 */
export const noticeState = (notice: Notice) => ({ notice });

/**
 * The one way an action confirms its result: a green notice at the bottom of the page, with a
 * link to what the action made when that is elsewhere ("Clone created — Open"). `notify` shows
 * one (replacing the last); render `notice` once in the page. A notice an action sent with its
 * navigation (`noticeState`) shows on the page it arrived at.
 */
export function useSuccessNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as { notice?: Notice } | null)?.notice ?? null;
  const [shown, setShown] = useState({ key: location.key, notice: carried });
  // A navigation that carries a notice may land on the page already shown (another record).
  let notice = shown.notice;
  if (shown.key !== location.key) {
    notice = carried;
    setShown({ key: location.key, notice });
  }
  const close = () => {
    setShown({ key: location.key, notice: null });
    // Gone for good: not shown again by a reload or by going back to this entry.
    if (carried) void navigate(location, { replace: true, state: null });
  };
  return {
    notify: (next: Notice) => setShown({ key: location.key, notice: next }),
    notice: notice && <SuccessNotice key={notice.message} notice={notice} onClose={close} />,
  };
}
