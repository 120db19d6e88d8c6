import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Portal from '@mui/material/Portal';

/**
 * Shown by the app shell while the API answers 503 (maintenance). Reads and changes in flight are
 * retried by the query client as the service asks; the banner goes once a request gets through.
 * It is portalled above everything, so a user submitting a dialog sees (and hears) it too.
 */
export function MaintenanceBanner() {
  return (
    <Portal>
      <Alert
        severity="warning"
        variant="filled"
        role="status"
        elevation={6}
        sx={(theme) => ({
          position: 'fixed',
          zIndex: theme.zIndex.snackbar,
          left: '50%',
          bottom: theme.spacing(3),
          transform: 'translateX(-50%)',
          width: 'min(640px, calc(100vw - 32px))',
        })}
      >
        <AlertTitle>The service is under maintenance</AlertTitle>
        Skydeck keeps retrying and carries on by itself when the service is back. Nothing you
        entered is lost.
      </Alert>
    </Portal>
  );
}
