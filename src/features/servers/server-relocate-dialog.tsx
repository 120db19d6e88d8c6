import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { relocateServerCall, useRelocateServer } from '../../api/server-ops';
import { zoneQueries } from '../../api/zones';
import { FormDialog } from '../../components/form-dialog';
import { zoneOptions } from '../../components/zone-options';
import { attachedDisks } from './server-operation';
import type { ServerOperationProps } from './server-operation';

/** Moves a stopped server to another zone; its private disks move with it (api-reference-notes §2.4). */
export function ServerRelocateDialog({ server, onClose, onDone }: ServerOperationProps) {
  const zones = useQuery(zoneQueries.list());
  const relocate = useRelocateServer();
  const [zone, setZone] = useState('');
  const [touched, setTouched] = useState(false);
  const stopped = server.state === 'stopped';
  const disks = attachedDisks(server);
  const others = (zones.data ?? []).filter((item) => item.id !== server.zone);
  return (
    <FormDialog
      title={`Relocate “${server.title}”`}
      submitLabel="Relocate"
      pendingLabel="Relocating…"
      pending={relocate.isPending}
      failure={relocate.error}
      failureTitle="The server could not be relocated"
      submitDisabled={!stopped}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (zone === '') return;
        relocate.mutate(
          { uuid: server.uuid, zone },
          {
            onSuccess: () =>
              onDone(
                `Relocation to ${zone} started: the server is in maintenance until it has moved`,
              ),
          },
        );
      }}
      onClose={onClose}
      apiCall={relocateServerCall(server.uuid, zone)}
    >
      {!stopped && <Typography>Stop the server first: only a stopped server can move.</Typography>}
      <Typography>
        {`It is in ${server.zone} now. Its ${disks.length} ${
          disks.length === 1 ? 'disk moves' : 'disks move'
        } with it, and its public and utility addresses change to the new zone’s. It is in maintenance until the storages have moved. A server in a private network must leave it first.`}
      </Typography>
      <TextField
        select
        label="Zone to move to"
        value={zone}
        disabled={!stopped}
        onChange={(event) => setZone(event.target.value)}
        error={touched && zone === ''}
        helperText={touched && zone === '' ? 'Choose a zone.' : undefined}
      >
        {zoneOptions(others)}
      </TextField>
    </FormDialog>
  );
}
