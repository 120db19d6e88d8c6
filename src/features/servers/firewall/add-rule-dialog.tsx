import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { FirewallRuleInput } from '../../../../contract/firewall';
import { firewallRuleInputSchema, unsetRuleAttributes } from '../../../../contract/firewall';
import { createFirewallRuleCall, useCreateFirewallRule } from '../../../api/firewall';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelect, FormTextInput } from '../../../components/form/form-fields';
import { useApiFailure } from '../../../components/form/use-api-failure';
import { useZodForm } from '../../../components/form/use-zod-form';
import { fieldForErrorCode } from '../../../lib/api-error-fields';
import { LockoutDialog } from './lockout-dialog';
import { addRules, dropsIncomingSsh, incomingDefault } from './rule-set';

type RuleField = keyof FirewallRuleInput;

const blankRule: Required<FirewallRuleInput> = {
  direction: 'in',
  action: 'accept',
  ...unsetRuleAttributes,
};

/** The choices of the rule's select fields; `""` leaves the attribute unset. */
const selects: [RuleField, string, [string, string][]][] = [
  [
    'direction',
    'Direction',
    [
      ['in', 'Incoming'],
      ['out', 'Outgoing'],
    ],
  ],
  [
    'action',
    'Action',
    [
      ['accept', 'Accept'],
      ['drop', 'Drop'],
    ],
  ],
  [
    'family',
    'IP family',
    [
      ['', 'Any'],
      ['IPv4', 'IPv4'],
      ['IPv6', 'IPv6'],
    ],
  ],
  [
    'protocol',
    'Protocol',
    [
      ['', 'Any'],
      ['tcp', 'TCP'],
      ['udp', 'UDP'],
      ['icmp', 'ICMP'],
    ],
  ],
];

// api-reference-notes §17.1: `<ATTRIBUTE>_INVALID` / `_MISSING` name the rule attribute at fault.
const fields = Object.fromEntries(
  Object.keys(blankRule).map((name) => [name.toUpperCase(), name as RuleField]),
);

/** The attributes the form set: an empty field is an unset attribute. */
const setAttributes = (rule: FirewallRuleInput) =>
  Object.fromEntries(Object.entries(rule).filter(([, value]) => value !== '')) as FirewallRuleInput;

const ranges: [string, RuleField, RuleField][] = [
  ['Source address', 'source_address_start', 'source_address_end'],
  ['Source port', 'source_port_start', 'source_port_end'],
  ['Destination address', 'destination_address_start', 'destination_address_end'],
  ['Destination port', 'destination_port_start', 'destination_port_end'],
];

/**
 * A new rule, placed before the set's incoming catch-all (which stays last). A rule that would
 * drop incoming SSH asks first.
 */
export function AddRuleDialog({
  serverUuid,
  rules,
  onClose,
  onAdded,
}: {
  serverUuid: string;
  rules: readonly FirewallRuleInput[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const form = useZodForm(firewallRuleInputSchema, blankRule);
  const create = useCreateFirewallRule(serverUuid);
  const { failure, clear, onError } = useApiFailure(form.setError, (error) =>
    fieldForErrorCode(error.code, fields),
  );
  const [risky, setRisky] = useState<FirewallRuleInput | null>(null);
  const position = incomingDefault(rules) ? rules.length : undefined;

  const send = (rule: FirewallRuleInput) => {
    clear();
    create.mutate({ rule, position }, { onSuccess: onAdded, onError });
  };
  const submit = form.handleSubmit((values) => {
    const rule = setAttributes(values);
    if (dropsIncomingSsh(addRules(rules, [rule]))) setRisky(rule);
    else send(rule);
  });

  return (
    <FormDialog
      title="Add firewall rule"
      submitLabel="Add rule"
      pendingLabel="Adding…"
      pending={create.isPending}
      failure={failure}
      failureTitle="The rule was not added"
      maxWidth="md"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {selects.map(([name, label, options]) => (
          <FormSelect key={name} control={form.control} name={name} label={label}>
            {options.map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {text}
              </MenuItem>
            ))}
          </FormSelect>
        ))}
        {ranges.map(([label, start, end]) => [
          <FormTextInput key={start} control={form.control} name={start} label={`${label} from`} />,
          <FormTextInput key={end} control={form.control} name={end} label={`${label} to`} />,
        ])}
        <FormTextInput
          control={form.control}
          name="icmp_type"
          label="ICMP type"
          hint="0–255, with the ICMP protocol only."
        />
        <FormTextInput control={form.control} name="comment" label="Comment" />
      </Box>
      <LockoutDialog
        open={risky !== null}
        apiCall={createFirewallRuleCall(serverUuid, risky ?? blankRule, position)}
        mutation={create}
        onConfirm={() => risky && send(risky)}
        onClose={() => setRisky(null)}
      />
    </FormDialog>
  );
}
