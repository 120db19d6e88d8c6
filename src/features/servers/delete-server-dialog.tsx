import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ServerDetails } from '../../../contract/server';
import { deleteServerCall, useDeleteServer } from '../../api/servers';
import type { ServerBackupPolicy } from '../../api/servers';
import { BackupPolicyField } from '../../components/backup-policy-field';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { deletion, useUndoableAction } from '../../components/undoable-action';

const policyWords: Record<ServerBackupPolicy, string> = {
  keep: 'Their backups are kept.',
  keep_latest: 'Only the latest backup of each is kept.',
  delete: 'Their backups are deleted too.',
};

export function DeleteServerDialog({
  server,
  onClose,
  onDeleted,
}: {
  server: ServerDetails;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteServer();
  const { schedule, graceMs } = useUndoableAction();
  const [deleteStorages, setDeleteStorages] = useState(false);
  const [backups, setBackups] = useState<ServerBackupPolicy>('keep');
  const options = { deleteStorages, backups };
  const disks = server.storage_devices.storage_device.filter((device) => device.storage !== '');
  return (
    <ConfirmDialog
      open
      title={`Delete the server “${server.title}”?`}
      confirmLabel="Delete server"
      pendingLabel="Deleting…"
      confirmDisabled={server.state !== 'stopped'}
      typedConfirmation={{ expected: server.title, what: 'the server’s title' }}
      errorTitle="The server could not be deleted"
      apiCall={deleteServerCall(server.uuid, options)}
      onConfirm={() => {
        schedule(
          deletion('server', server.title, () =>
            remove.mutateAsync({ uuid: server.uuid, ...options }),
          ),
        );
        onDeleted();
      }}
      onClose={onClose}
    >
      {server.state !== 'stopped' && (
        <p>Stop the server first: only a stopped server can be deleted.</p>
      )}
      <p>{`It is deleted ${Math.round(graceMs / 1000)} s after you confirm; until then you can undo.`}</p>
      <p>
        {disks.length === 0
          ? 'It has no storage attached.'
          : deleteStorages
            ? `Its ${disks.length} attached storage ${disks.length === 1 ? 'device is' : 'devices are'} deleted with it.`
            : `Its ${disks.length} attached storage ${disks.length === 1 ? 'device is' : 'devices are'} kept and go on being billed; they can be attached to another server.`}
      </p>
      {disks.length > 0 && (
        <FormControlLabel
          control={
            <Checkbox
              checked={deleteStorages}
              onChange={(event) => setDeleteStorages(event.target.checked)}
            />
          }
          label="Also delete the attached storages"
        />
      )}
      {deleteStorages && (
        <BackupPolicyField label="Backups of those storages" value={backups} onChange={setBackups}>
          <p>{policyWords[backups]}</p>
        </BackupPolicyField>
      )}
    </ConfirmDialog>
  );
}
