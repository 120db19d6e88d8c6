import type { Token } from '../../../contract/tokens';
import { deleteTokenCall, useDeleteToken } from '../../api/tokens';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface DeleteTokenDialogProps {
  token: Token;
  isCurrentSession: boolean;
  onClose: () => void;
}

export function DeleteTokenDialog({ token, isCurrentSession, onClose }: DeleteTokenDialogProps) {
  const deleteToken = useDeleteToken();
  return (
    <ConfirmDialog
      open
      title={`Delete the token “${token.name}”?`}
      confirmLabel="Delete token"
      pendingLabel="Deleting…"
      mutation={deleteToken}
      errorTitle="The token could not be deleted"
      apiCall={deleteTokenCall(token.id)}
      onConfirm={() => deleteToken.mutate(token.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {isCurrentSession
        ? 'This token is your current panel session: deleting it signs you out.'
        : 'Anything still using this token loses access to the API at once. This cannot be undone.'}
    </ConfirmDialog>
  );
}
