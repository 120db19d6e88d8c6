import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Portal from '@mui/material/Portal';
import { maintenanceSpaceVariable } from '../theme';

/**
 * Keeps the space from the banner's top edge to the bottom of the window free below dialogs, for
 * as long as the banner is there. A ref callback: the portal attaches the banner after its own
 * first render.
 */
function reserveSpace(banner: HTMLDivElement | null) {
  if (!banner) return;
  const root = document.documentElement;
  const reserve = () =>
    root.style.setProperty(
      maintenanceSpaceVariable,
      `${Math.max(0, window.innerHeight - banner.getBoundingClientRect().top)}px`,
    );
  reserve();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
  observer?.observe(banner);
  window.addEventListener('resize', reserve);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', reserve);
    root.style.removeProperty(maintenanceSpaceVariable);
  };
}

/**
 * Shown by the app shell while the API answers 503 (maintenance). Reads and changes in flight are
 * retried by the query client as the service asks; the banner goes once a request gets through.
 * It is portalled above everything, so a user submitting a dialog sees (and hears) it too; the
 * space it takes is kept free below every dialog (the theme's dialog container), so it never
 * covers a dialog's buttons.
 */
export function MaintenanceBanner() {
  return (
    <Portal>
      <Alert
        ref={reserveSpace}
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
