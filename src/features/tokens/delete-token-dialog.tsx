import type { Token } from '../../../contract/tokens';
import { deleteTokenCall, useDeleteToken } from '../../api/tokens';
import { useAuth } from '../../auth/auth-context';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';

interface DeleteTokenDialogProps {
  token: Token;
  isCurrentSession: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteTokenDialog({
  token,
  isCurrentSession,
  onClose,
  onDeleted,
}: DeleteTokenDialogProps) {
  const deleteToken = useDeleteToken();
  const { endSession } = useAuth();
  return (
    <ConfirmDialog
      open
      title={`Delete the token “${token.name}”?`}
      {...confirmWords('delete', 'token')}
      {...confirmMutation(
        deleteToken,
        token.id,
        // The panel's own token is gone: the user is signed out, not asked to sign in again.
        isCurrentSession
          ? () =>
              endSession(
                `You deleted this panel session’s token “${token.name}”, so you are signed out.`,
              )
          : onDeleted,
      )}
      apiCall={deleteTokenCall(token.id)}
      onClose={onClose}
    >
      {isCurrentSession
        ? 'This token is your current panel session: deleting it signs you out.'
        : 'Anything still using this token loses access to the API at once. This cannot be undone.'}
    </ConfirmDialog>
  );
}
