import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BackupDeletionPolicy, StorageDetails } from '../../../contract/storage';
import { serverQueries } from '../../api/servers';
import {
  cancelStorageOperationCall,
  deleteStorageCall,
  detachStorageCall,
  resizeStorageCall,
  restoreBackupCall,
  storageQueries,
  useCancelStorageOperation,
  useDeleteStorage,
  useDetachStorage,
  useResizeStorage,
  useRestoreBackup,
} from '../../api/storage';
import { BackupPolicyField } from '../../components/backup-policy-field';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import type { Notice } from '../../components/success-notice';
import { links } from '../../lib/links';
import { deletion, useUndoableAction } from '../../components/undoable-action';

interface Props {
  storage: StorageDetails;
  onClose: () => void;
}

interface NoticeProps extends Props {
  /** Confirms the result once the API has taken the action. */
  onNotice: (notice: Notice) => void;
}

export function DetachStorageDialog({
  storage,
  serverTitle,
  serverUuid,
  onClose,
}: Props & { serverTitle: string; serverUuid: string }) {
  const detach = useDetachStorage(storage.uuid);
  return (
    <ConfirmDialog
      open
      title={`Detach “${storage.title}” from ${serverTitle}?`}
      {...confirmWords('detach', 'storage')}
      confirmLabel="Detach"
      {...confirmMutation(detach, serverUuid, onClose)}
      apiCall={detachStorageCall(storage.uuid)}
      onClose={onClose}
    >
      {`The server ${serverTitle} loses this device. IDE devices and CD-ROMs detach only while the server is stopped.`}
    </ConfirmDialog>
  );
}

/**
 * Grows the last partition and its filesystem into space a bigger size added (api-rules §4.10);
 * `onResized` gets the backup taken first (api-reference-notes §3.1).
 */
export function ResizeStorageDialog({
  storage,
  onClose,
  onResized,
}: Props & { onResized: (backup: StorageDetails) => void }) {
  const resize = useResizeStorage(storage.uuid);
  return (
    <ConfirmDialog
      open
      title={`Resize the partition and filesystem of “${storage.title}”?`}
      confirmLabel="Resize"
      pendingLabel="Resizing…"
      {...confirmMutation(resize, undefined, (backup) => {
        if (backup) onResized(backup);
        onClose();
      })}
      errorTitle="The partition could not be resized"
      apiCall={resizeStorageCall(storage.uuid)}
      onClose={onClose}
    >
      {`The last partition and its filesystem grow to fill all ${storage.size} GiB. A backup is taken first and kept; a server using this storage must be stopped.`}
    </ConfirmDialog>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function policyWords(policy: BackupDeletionPolicy, backups: number): string {
  if (backups === 0) return 'This storage has no backups.';
  const all = plural(backups, 'backup', 'backups');
  switch (policy) {
    case 'keep':
      return `All ${all} are kept and stay billed until you delete them.`;
    case 'keep_latest':
      return backups === 1
        ? 'The only backup is kept.'
        : `The latest backup is kept; the other ${plural(backups - 1, 'backup is', 'backups are')} deleted.`;
    case 'delete':
      return `All ${all} are deleted too.`;
  }
}

export function DeleteStorageDialog({
  storage,
  onClose,
  onDeleted,
}: Props & { onDeleted: () => void }) {
  const remove = useDeleteStorage();
  const { schedule, graceMs } = useUndoableAction();
  const [policy, setPolicy] = useState<BackupDeletionPolicy>('keep');
  const backups = storage.backups?.backup.length ?? 0;
  return (
    <ConfirmDialog
      open
      title={`Delete “${storage.title}”?`}
      {...confirmWords('delete', 'storage')}
      typedConfirmation={{ expected: storage.title, what: 'the storage’s title' }}
      apiCall={deleteStorageCall(storage.uuid, policy)}
      onConfirm={() => {
        schedule(
          deletion('storage', storage.title, () =>
            remove.mutateAsync({ uuid: storage.uuid, backups: policy }),
          ),
        );
        onDeleted();
      }}
      onClose={onClose}
    >
      <p>
        {`Its data is gone for good once deleted. It is deleted ${Math.round(graceMs / 1000)} s after you confirm; until then you can undo.`}
      </p>
      {backups > 0 && (
        <BackupPolicyField
          label={`What happens to its ${plural(backups, 'backup', 'backups')}`}
          value={policy}
          onChange={setPolicy}
        />
      )}
      <p>{policyWords(policy, backups)}</p>
    </ConfirmDialog>
  );
}

/** A restore writes into the origin; a server using the origin must be stopped (api-rules §3). */
export function RestoreBackupDialog({ storage, onClose, onNotice }: NoticeProps) {
  const restore = useRestoreBackup(storage);
  const origin = useQuery({
    ...storageQueries.detail(storage.origin ?? ''),
    enabled: !!storage.origin,
  });
  const servers = useQuery(serverQueries.list());
  const attachedTo = (origin.data?.servers.server ?? []).map(
    (uuid) =>
      servers.data?.find((server) => server.uuid === uuid) ?? {
        uuid,
        title: uuid,
        state: 'unknown',
      },
  );
  const running = attachedTo.filter((server) => server.state !== 'stopped');
  const originTitle = origin.data?.title ?? storage.origin ?? 'its origin';
  return (
    <ConfirmDialog
      open
      title={`Restore “${storage.title}”?`}
      confirmLabel="Restore"
      pendingLabel="Restoring…"
      {...confirmMutation(restore, undefined, () => {
        onClose();
        onNotice({
          message: 'Backup restore started',
          ...(storage.origin
            ? { link: { label: 'Open storage', to: links.storageDetail(storage.origin) } }
            : {}),
        });
      })}
      confirmDisabled={!origin.isSuccess || !servers.isSuccess || running.length > 0}
      errorTitle="The backup could not be restored"
      apiCall={restoreBackupCall(storage.uuid)}
      onClose={onClose}
    >
      <p>{`The storage “${originTitle}” is overwritten with this backup’s data.`}</p>
      {running.length > 0 && (
        <p>
          {`Stop ${running.map((server) => server.title).join(', ')} first: a storage attached to a server restores only while that server is stopped.`}
        </p>
      )}
    </ConfirmDialog>
  );
}

/**
 * Cancelling a clone or backup removes the incomplete copy (api-rules §3), so it asks first.
 */
export function CancelOperationDialog({ storage, onClose, onNotice }: NoticeProps) {
  const cancel = useCancelStorageOperation(storage.uuid);
  return (
    <ConfirmDialog
      open
      title={`Cancel the operation on “${storage.title}”?`}
      confirmLabel="Cancel operation"
      pendingLabel="Cancelling…"
      {...confirmMutation(cancel, undefined, () => {
        onClose();
        onNotice({ message: 'Operation cancelled' });
      })}
      errorTitle="The operation could not be cancelled"
      apiCall={cancelStorageOperationCall(storage.uuid)}
      onClose={onClose}
    >
      The copy being made is removed and “{storage.title}” goes back online.
    </ConfirmDialog>
  );
}
