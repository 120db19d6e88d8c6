import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import type {
  FirewallAction,
  FirewallRule,
  FirewallRuleInput,
} from '../../../../contract/firewall';
import {
  deleteFirewallRuleCall,
  firewallQueries,
  replaceFirewallRulesCall,
  ruleInput,
  useDeleteFirewallRule,
  useReplaceFirewallRules,
  useSetServerFirewall,
} from '../../../api/firewall';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { rowActionsColumn } from '../../../components/row-actions-column';
import { ErrorState, LoadingState } from '../../../components/query-state';
import type { ResourceSection } from '../../../components/resource-tabs';
import { useSectionPanel } from '../../../components/resource-tabs';
import { AddRuleDialog } from './add-rule-dialog';
import { LockoutDialog, lockoutWarning } from './lockout-dialog';
import {
  addRules,
  dropsIncomingSsh,
  firewallPresets,
  incomingDefault,
  withDefault,
} from './rule-set';
import type { ServerSectionProps } from '../server-section';

export const firewallSection: ResourceSection = { value: 'firewall', label: 'Firewall' };

/** The server page's Firewall tab; its rules load when the tab is first opened. */
export function FirewallTab({ server, sections, notify }: ServerSectionProps) {
  const panel = useSectionPanel(firewallSection.value, sections);
  return <Box {...panel}>{!panel.hidden && <FirewallRules server={server} notify={notify} />}</Box>;
}

const range = (start: string, end: string) =>
  !start ? 'Any' : start === end || !end ? start : `${start}–${end}`;

const endpoint = (address: [string, string], port: [string, string]) =>
  port[0] ? `${range(...address)}, port ${range(...port)}` : range(...address);

const ends = [
  ['source', 'Source'],
  ['destination', 'Destination'],
] as const;

const moves = [
  { by: -1, word: 'up', Icon: ArrowUpwardIcon },
  { by: 1, word: 'down', Icon: ArrowDownwardIcon },
] as const;

const words = { in: 'Incoming', out: 'Outgoing', accept: 'Accept', drop: 'Drop', reject: 'Reject' };

function FirewallRules({ server, notify }: Omit<ServerSectionProps, 'sections'>) {
  const rules = useQuery(firewallQueries.list(server.uuid));
  const switchFirewall = useSetServerFirewall(server.uuid);
  const replace = useReplaceFirewallRules(server.uuid);
  const remove = useDeleteFirewallRule(server.uuid);
  const [adding, setAdding] = useState(false);
  // A change that would lock SSH out waits for a confirmation, with the words that confirm it.
  const [risky, setRisky] = useState<{ rules: FirewallRuleInput[]; done: string } | null>(null);
  const [deleting, setDeleting] = useState<FirewallRule | null>(null);

  if (rules.isPending) return <LoadingState label="Loading firewall rules" />;
  if (rules.isError) {
    return (
      <ErrorState
        error={rules.error}
        title="Firewall rules could not be loaded"
        onRetry={() => void rules.refetch()}
      />
    );
  }
  const current = rules.data.map(ruleInput);
  const busy = replace.isPending || remove.isPending;
  const fallback = incomingDefault(current)?.action ?? 'accept';

  const confirm = (message: string) => ({ onSuccess: () => notify({ message }) });
  /** Saves `next` as the whole set, after asking when it would lock SSH out; `done` confirms it. */
  const save = (next: FirewallRuleInput[], done: string) => {
    if (dropsIncomingSsh(next)) setRisky({ rules: next, done });
    else replace.mutate(next, confirm(done));
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...current];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    save(next, `Rule ${index + 1} moved ${by < 0 ? 'up' : 'down'}`);
  };
  const afterDeleting = (rule: FirewallRule) =>
    current.filter((_rule, index) => String(index + 1) !== rule.position);

  const column = createColumnHelper<FirewallRule>();
  const columns = [
    column.accessor('position', { header: '#', meta: { align: 'right' } }),
    column.accessor('direction', { header: 'Direction', cell: (info) => words[info.getValue()] }),
    column.accessor('action', { header: 'Action', cell: (info) => words[info.getValue()] }),
    column.accessor((rule) => rule.family || 'Any', { id: 'family', header: 'Family' }),
    column.accessor(
      (rule) =>
        rule.protocol
          ? `${rule.protocol.toUpperCase()}${rule.icmp_type ? ` type ${rule.icmp_type}` : ''}`
          : 'Any',
      { id: 'protocol', header: 'Protocol' },
    ),
    ...ends.map(([end, header]) =>
      column.accessor(
        (rule) =>
          endpoint(
            [rule[`${end}_address_start`], rule[`${end}_address_end`]],
            [rule[`${end}_port_start`], rule[`${end}_port_end`]],
          ),
        { id: end, header },
      ),
    ),
    column.accessor((rule) => rule.comment || '—', { id: 'comment', header: 'Comment' }),
    rowActionsColumn((rule: FirewallRule, index: number) => [
      ...moves.map(({ by, word, Icon }) => ({
        label: `Move rule ${rule.position} ${word}`,
        icon: Icon,
        disabled: busy || !(index + by >= 0 && index + by < current.length),
        onClick: () => move(index, by),
      })),
      {
        label: `Delete rule ${rule.position}`,
        icon: DeleteIcon,
        disabled: busy,
        onClick: () => setDeleting(rule),
      },
    ]),
  ];

  const failure = switchFirewall.error ?? (risky ? null : replace.error);
  return (
    <Stack spacing={3}>
      <FormControlLabel
        control={
          <Switch
            checked={server.firewall === 'on'}
            disabled={switchFirewall.isPending}
            onChange={(event) => {
              const state = event.target.checked ? 'on' : 'off';
              switchFirewall.mutate(state, confirm(`Firewall turned ${state}`));
            }}
          />
        }
        label="Firewall"
      />
      <Typography color="text.secondary">
        {server.firewall === 'on'
          ? 'The firewall is on: the first rule that matches a packet decides what happens to it.'
          : 'The firewall is off: the rules below take effect when you turn it on.'}
      </Typography>
      {failure && <ApiErrorAlert error={failure} title="The firewall did not change" />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add rule
        </Button>
        {firewallPresets.map((preset) => (
          <Button
            key={preset.label}
            variant="outlined"
            disabled={busy}
            onClick={() =>
              save(
                addRules(current, preset.rules),
                `${preset.label} ${preset.rules.length === 1 ? 'rule' : 'rules'} added`,
              )
            }
          >
            {`Add ${preset.label}`}
          </Button>
        ))}
        <TextField
          select
          size="small"
          label="Incoming traffic no rule matches"
          value={fallback}
          disabled={busy}
          onChange={(event) => {
            const action = event.target.value as FirewallAction;
            save(
              withDefault(current, action),
              `Incoming traffic no rule matches: ${words[action].toLowerCase()}`,
            );
          }}
          sx={{ minWidth: 260 }}
        >
          <MenuItem value="accept">Accept</MenuItem>
          <MenuItem value="drop">Drop</MenuItem>
        </TextField>
      </Box>
      {rules.data.length === 0 ? (
        <Typography color="text.secondary">No firewall rules yet.</Typography>
      ) : (
        <DataTable
          label="Firewall rules, in order"
          columns={columns}
          data={rules.data}
          getRowId="position"
          rowHeaderColumn="position"
        />
      )}
      {adding && (
        <AddRuleDialog
          serverUuid={server.uuid}
          rules={current}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            notify({ message: 'Rule added' });
          }}
        />
      )}
      <LockoutDialog
        open={risky !== null}
        apiCall={replaceFirewallRulesCall(server.uuid, risky?.rules ?? [])}
        mutation={replace}
        onConfirm={() =>
          risky &&
          replace.mutate(risky.rules, {
            onSuccess: () => {
              setRisky(null);
              notify({ message: risky.done });
            },
          })
        }
        onClose={() => setRisky(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete rule ${deleting?.position ?? ''}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        mutation={remove}
        apiCall={deleteFirewallRuleCall(server.uuid, deleting?.position ?? '1')}
        errorTitle="The rule was not deleted"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.position, {
            onSuccess: () => {
              setDeleting(null);
              notify({ message: `Rule ${deleting.position} deleted` });
            },
          })
        }
        onClose={() => setDeleting(null)}
      >
        {deleting && dropsIncomingSsh(afterDeleting(deleting))
          ? `The rules after it move up. ${lockoutWarning}`
          : 'The rules after it move up.'}
      </ConfirmDialog>
    </Stack>
  );
}
