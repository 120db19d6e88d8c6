import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changeRemoteAccessCall, useChangeRemoteAccess } from '../../api/servers';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyButton } from '../../components/copy-button';
import { DescriptionList, Field } from '../../components/description-list';
import type { ResourceSection } from '../../components/resource-tabs';
import { useSectionPanel } from '../../components/resource-tabs';
import { remoteAccessTypeWords } from './create-server-options';
import type { ServerSectionProps } from './server-section';

export const consoleSection: ResourceSection = { value: 'console', label: 'Console' };

/**
 * A server's console (remote access): the API answers its type and password always, and its
 * address and port only while it is on (UpCloud's Go SDK, ServerDetails.RemoteAccess*).
 */
export function ServerConsole({ server, sections, notify }: ServerSectionProps) {
  const panel = useSectionPanel(consoleSection.value, sections);
  const change = useChangeRemoteAccess();
  const retype = useChangeRemoteAccess();
  const [confirming, setConfirming] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const enabled = server.remote_access_enabled === 'yes';
  const toggle = { remote_access_enabled: enabled ? 'no' : 'yes' } as const;
  const password = server.remote_access_password ?? '';

  return (
    <Box {...panel}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <DescriptionList>
            <Field term="Console access">{enabled ? 'On' : 'Off'}</Field>
            <Field term="Type">{remoteAccessTypeWords[server.remote_access_type]}</Field>
            {enabled && (
              <>
                <Field term="Address">
                  <code>{server.remote_access_host ?? '—'}</code>
                </Field>
                <Field term="Port">
                  <code>{server.remote_access_port ?? '—'}</code>
                </Field>
              </>
            )}
            <Field term="Password">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                {showPassword ? (
                  <code>{password}</code>
                ) : (
                  <span aria-label="Password hidden">••••••••</span>
                )}
                <Button size="small" onClick={() => setShowPassword((shown) => !shown)}>
                  {showPassword ? 'Hide' : 'Show'}
                </Button>
              </Box>
            </Field>
          </DescriptionList>
          <CopyButton text={password} label="Copy password" />
          {!enabled && (
            <Typography color="text.secondary">
              Turn console access on to get the address and port a VNC or SPICE client connects to.
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              label="Console type"
              value={server.remote_access_type}
              disabled={retype.isPending}
              onChange={(event) => {
                const type = event.target.value as keyof typeof remoteAccessTypeWords;
                retype.mutate(
                  { uuid: server.uuid, change: { remote_access_type: type } },
                  {
                    onSuccess: () =>
                      notify({ message: `Console type changed to ${remoteAccessTypeWords[type]}` }),
                  },
                );
              }}
              sx={{ minWidth: 180 }}
            >
              {Object.entries(remoteAccessTypeWords).map(([value, text]) => (
                <MenuItem key={value} value={value}>
                  {text}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" onClick={() => setConfirming(true)}>
              {enabled ? 'Turn console access off' : 'Turn console access on'}
            </Button>
          </Box>
          {retype.error && (
            <ApiErrorAlert error={retype.error} title="The console type did not change" />
          )}
        </Stack>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={enabled ? 'Turn console access off?' : 'Turn console access on?'}
        confirmLabel={enabled ? 'Turn off' : 'Turn on'}
        pendingLabel="Saving…"
        mutation={change}
        apiCall={changeRemoteAccessCall(server.uuid, toggle)}
        errorTitle="Console access did not change"
        onConfirm={() =>
          change.mutate(
            { uuid: server.uuid, change: toggle },
            {
              onSuccess: () => {
                setConfirming(false);
                notify({
                  message: enabled ? 'Console access turned off' : 'Console access turned on',
                });
              },
            },
          )
        }
        onClose={() => setConfirming(false)}
      >
        {enabled
          ? `Open console sessions of ${server.title} end, and its console address stops answering.`
          : `Anyone with the console password can then reach ${server.title}'s screen and keyboard.`}
      </ConfirmDialog>
    </Box>
  );
}
