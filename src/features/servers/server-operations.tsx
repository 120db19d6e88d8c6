import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import type { ServerDetails } from '../../../contract/server';
import type { Notice } from '../../components/success-notice';

// Each dialog (its form, price list and pickers) loads when it is first opened.
const ServerPlanDialog = lazy(async () => ({
  default: (await import('./server-plan-dialog')).ServerPlanDialog,
}));
const ServerRelocateDialog = lazy(async () => ({
  default: (await import('./server-relocate-dialog')).ServerRelocateDialog,
}));
const ServerRebuildDialog = lazy(async () => ({
  default: (await import('./server-rebuild-dialog')).ServerRebuildDialog,
}));

type Operation = 'plan' | 'relocate' | 'rebuild';

/**
 * The server page's Plan, Relocate and Rebuild actions. Each needs a stopped server; their dialogs
 * open in any state and say so, rather than a button that is disabled without a reason.
 */
export function ServerOperationButtons({
  server,
  notify,
}: {
  server: ServerDetails;
  notify: (notice: Notice) => void;
}) {
  const [open, setOpen] = useState<Operation | null>(null);
  const close = () => setOpen(null);
  const done = (message: string) => {
    close();
    notify({ message });
  };
  const busy = server.state === 'maintenance';
  return (
    <>
      <Button variant="outlined" disabled={busy} onClick={() => setOpen('plan')}>
        Plan
      </Button>
      <Button variant="outlined" disabled={busy} onClick={() => setOpen('relocate')}>
        Relocate
      </Button>
      <Button variant="outlined" disabled={busy} onClick={() => setOpen('rebuild')}>
        Rebuild
      </Button>
      <Suspense fallback={null}>
        {open === 'plan' && <ServerPlanDialog server={server} onClose={close} onDone={done} />}
        {open === 'relocate' && (
          <ServerRelocateDialog server={server} onClose={close} onDone={done} />
        )}
        {open === 'rebuild' && (
          <ServerRebuildDialog server={server} onClose={close} onDone={done} />
        )}
      </Suspense>
    </>
  );
}
