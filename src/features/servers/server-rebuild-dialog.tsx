import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { rebuildServerCall, useRebuildServer } from '../../api/server-ops';
import { storageQueries } from '../../api/storage';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { attachedDisks } from './server-operation';
import type { ServerOperationProps } from './server-operation';

/** Public templates are few; one page of the API's maximum holds them. */
const templateParams = { type: 'template', access: 'public', limit: 100 } as const;

/**
 * Rebuilds a stopped server from a public template (api-reference-notes §2.8): its OS disk is wiped, so
 * the server's title must be typed to confirm.
 */
export function ServerRebuildDialog({ server, onClose, onDone }: ServerOperationProps) {
  const templates = useQuery(storageQueries.list(templateParams));
  const rebuild = useRebuildServer();
  const [template, setTemplate] = useState('');
  const stopped = server.state === 'stopped';
  const disks = attachedDisks(server);
  const osDisk = disks.find((device) => device.boot_disk === '1') ?? disks[0];
  const choices = (templates.data?.storages ?? []).filter((item) => item.zone === server.zone);
  const body = { storage_device: { storage: template } };
  return (
    <ConfirmDialog
      open
      title={`Rebuild “${server.title}”?`}
      confirmLabel="Rebuild server"
      pendingLabel="Rebuilding…"
      mutation={rebuild}
      confirmDisabled={!stopped || template === '' || !osDisk}
      typedConfirmation={{ expected: server.title, what: 'the server’s title' }}
      errorTitle="The server could not be rebuilt"
      apiCall={rebuildServerCall(server.uuid, body)}
      onConfirm={() =>
        rebuild.mutate(
          { uuid: server.uuid, body },
          {
            onSuccess: () =>
              onDone('Rebuild started: the server gets a fresh disk from the template'),
          },
        )
      }
      onClose={onClose}
    >
      {!stopped && <p>Stop the server first: only a stopped server can be rebuilt.</p>}
      <p>
        {osDisk
          ? `Everything on its OS disk “${osDisk.storage_title}” is erased: the disk is replaced by a fresh copy of the template, of the same size. Its other disks and their data are kept.`
          : 'It has no disk to rebuild.'}
      </p>
      <TextField
        select
        fullWidth
        size="small"
        label="Operating system template"
        value={template}
        disabled={!stopped}
        onChange={(event) => setTemplate(event.target.value)}
        sx={{ mt: 1 }}
      >
        {choices.map((item) => (
          <MenuItem key={item.uuid} value={item.uuid}>
            {item.title}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  );
}
