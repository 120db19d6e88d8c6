import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Network } from '../../../contract/network';
import {
  deleteNetworkCall,
  setNetworkRouterCall,
  useDeleteNetwork,
  useSetNetworkRouter,
} from '../../api/networks';
import { routerQueries } from '../../api/routers';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { links } from '../../lib/links';
import { RouterLink } from '../../components/router-link';

interface NetworkDialogProps {
  network: Network;
  onClose: () => void;
}

export function AttachRouterDialog({
  network,
  onClose,
  onAttached,
}: NetworkDialogProps & { onAttached: () => void }) {
  const routers = useQuery(routerQueries.list());
  const attach = useSetNetworkRouter(network.uuid);
  const [router, setRouter] = useState('');
  const [missing, setMissing] = useState(false);
  const choices = (routers.data ?? []).filter((item) => item.type !== 'service');
  return (
    <FormDialog
      title={`Attach a router to “${network.name}”`}
      submitLabel="Attach router"
      pendingLabel="Attaching…"
      pending={attach.isPending}
      failure={attach.error}
      failureTitle="The router could not be attached"
      onSubmit={(event) => {
        event.preventDefault();
        if (!router) {
          setMissing(true);
          return;
        }
        attach.mutate(router, { onSuccess: onAttached });
      }}
      onClose={onClose}
    >
      <TextField
        select
        required
        label="Router"
        value={router}
        onChange={(event) => {
          setRouter(event.target.value);
          setMissing(false);
        }}
        error={missing}
        helperText={
          missing
            ? 'Choose a router.'
            : routers.isError
              ? 'Routers could not be loaded.'
              : 'Routes traffic between the network and others attached to the same router.'
        }
      >
        {choices.map((item) => (
          <MenuItem key={item.uuid} value={item.uuid}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
      {routers.isSuccess && choices.length === 0 && (
        <Typography>
          You have no router yet.{' '}
          <Link component={RouterLink} to={links.routers()}>
            Create one on the routers page
          </Link>
          , then come back.
        </Typography>
      )}
    </FormDialog>
  );
}

export function DetachRouterDialog({
  network,
  routerName,
  onClose,
  onDetached,
}: NetworkDialogProps & { routerName: string; onDetached: () => void }) {
  const detach = useSetNetworkRouter(network.uuid);
  return (
    <ConfirmDialog
      open
      title={`Detach “${routerName}”?`}
      {...confirmWords('detach', 'router')}
      {...confirmMutation(detach, null, onDetached)}
      apiCall={setNetworkRouterCall(network.uuid, null)}
      onClose={onClose}
    >
      {`“${network.name}” stops reaching the networks behind “${routerName}”, and its network peerings stop working until a router is attached again.`}
    </ConfirmDialog>
  );
}

/** The servers attached to a network, each a link to its page. */
export function ServerLinkList({
  servers,
  label,
  sx,
}: {
  servers: readonly { uuid: string; title: string }[];
  label: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box component="ul" aria-label={label} sx={sx}>
      {servers.map((server) => (
        <li key={server.uuid}>
          <Link component={RouterLink} to={links.server(server.uuid)}>
            {server.title}
          </Link>
        </li>
      ))}
    </Box>
  );
}

export function DeleteNetworkDialog({
  network,
  onClose,
  onDeleted,
}: NetworkDialogProps & { onDeleted: () => void }) {
  const remove = useDeleteNetwork(network.uuid);
  const servers = network.servers?.server ?? [];
  const blocked = servers.length > 0;
  return (
    <ConfirmDialog
      open
      title={`Delete “${network.name}”?`}
      {...confirmWords('delete', 'network')}
      {...confirmMutation(remove, undefined, onDeleted)}
      confirmDisabled={blocked}
      typedConfirmation={{ expected: network.name, what: 'the network’s name' }}
      apiCall={deleteNetworkCall(network.uuid)}
      onClose={onClose}
    >
      {blocked ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {`The network cannot be deleted while servers are attached to it. Remove its interface from ${
              servers.length === 1 ? 'this server' : `these ${servers.length} servers`
            } first:`}
          </Typography>
          <ServerLinkList servers={servers} label="Servers attached to the network" />
        </>
      ) : (
        `The network and its IP networks are deleted for good${
          network.router ? '; its router stays and can be attached elsewhere' : ''
        }.`
      )}
    </ConfirmDialog>
  );
}
