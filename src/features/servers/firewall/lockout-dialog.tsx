import type { ApiError } from '../../../api/http';
import type { ApiCallRequest } from '../../../components/api-call-view';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** The warning of a rule set that drops incoming SSH; the change waits for the user's yes. */
export const lockoutWarning =
  'With these rules the firewall drops incoming SSH (tcp port 22) from everywhere. If you manage this server over SSH, you will lose access to it.';

/** Asks before a change that would lock SSH out; the change runs on Save anyway. */
export function LockoutDialog({
  open,
  apiCall,
  mutation,
  onConfirm,
  onClose,
}: {
  open: boolean;
  apiCall: ApiCallRequest;
  mutation: { isPending: boolean; error: ApiError | null; reset: () => void };
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Lock out SSH?"
      confirmLabel="Save anyway"
      pendingLabel="Saving…"
      mutation={mutation}
      apiCall={apiCall}
      errorTitle="The firewall rules were not saved"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {lockoutWarning}
    </ConfirmDialog>
  );
}
