import type { ReactNode } from 'react';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import { AddButton } from '../../components/add-button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type {
  LoadBalancer,
  LoadBalancerFrontend,
  LoadBalancerRule,
  LoadBalancerRuleCreate,
} from '../../../contract/load-balancer';
import { lbActionTypes, lbMatcherTypes, loadBalancerLimits } from '../../../contract/load-balancer';
import { createRuleCall, replaceRuleCall, useSaveRule } from '../../api/load-balancers';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { useRequestForm } from '../../components/form/use-request-form';
import { FormDialog } from '../../components/form-dialog';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import {
  actionFields,
  httpMethods,
  integerMethods,
  matcherKinds,
  methodFor,
  newAction,
  newMatcher,
  ruleFormSchema,
  ruleFormValues,
  stringMethods,
} from './rule-form';
import type { ActionField, RuleFormValues } from './rule-form';

type RuleControl = Control<RuleFormValues, unknown, LoadBalancerRuleCreate>;
const words = (type: string) => type.replaceAll('_', ' ');
const options = (values: readonly string[]) =>
  values.map((value) => (
    <MenuItem key={value} value={value}>
      {words(value)}
    </MenuItem>
  ));

/** Adds a rule to a frontend, or edits one: matchers pick the traffic, actions say what happens. */
export function RuleDialog({
  balancer,
  frontend,
  rule,
  onClose,
}: {
  balancer: LoadBalancer;
  frontend: LoadBalancerFrontend;
  rule?: LoadBalancerRule;
  onClose: () => void;
}) {
  const save = useSaveRule(balancer.uuid, frontend.name, rule?.name);
  const { control, setValue, submission } = useRequestForm(
    ruleFormSchema,
    rule
      ? ruleFormValues(rule)
      : {
          name: '',
          priority: '50',
          condition: 'and',
          matchers: [],
          actions: [newAction(frontend.default_backend)],
        },
    {
      mutation: save,
      call: (body) =>
        rule
          ? replaceRuleCall(balancer.uuid, frontend.name, rule.name, body)
          : createRuleCall(balancer.uuid, frontend.name, body),
      fieldOf: (error) =>
        fieldForErrorCode(error.code, {
          NAME: 'name',
          RESOURCE_ALREADY_EXISTS: 'name',
          PRIORITY: 'priority',
        } as const),
      onSuccess: onClose,
    },
  );
  const backends = balancer.backends.map((backend) => backend.name);
  return (
    <FormDialog
      title={rule ? `Edit rule ${rule.name}` : `Add a rule to ${frontend.name}`}
      submitLabel={rule ? 'Save rule' : 'Add rule'}
      pendingLabel="Saving…"
      {...submission}
      failureTitle="The rule could not be saved"
      maxWidth="md"
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 1fr 1fr' } }}>
        <FormTextInput control={control} name="name" label="Rule name" required />
        <FormTextInput
          control={control}
          name="priority"
          label="Priority"
          inputMode="numeric"
          required
          hint="0–100; higher runs first."
        />
        <FormSelect control={control} name="condition" label="Matchers must" required>
          <MenuItem value="and">all match</MenuItem>
          <MenuItem value="or">any match</MenuItem>
        </FormSelect>
      </Box>
      <MatcherRows
        control={control}
        backends={backends}
        setType={(index, type) => setValue(`matchers.${index}.method`, type)}
      />
      <ActionRows control={control} backends={backends} />
    </FormDialog>
  );
}

/** The rule's matchers or actions under their legend, then the button that adds one. */
function RowList({
  legend,
  addLabel,
  full,
  onAdd,
  children,
}: {
  legend: string;
  addLabel: string;
  /** At the API's limit: the add button is off. */
  full: boolean;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {children}
      <AddButton disabled={full} onClick={onAdd}>
        {addLabel}
      </AddButton>
    </Box>
  );
}

/**
 * One matcher or action: its fields three to a line, then `aside` and a remove button when
 * `onRemove` is given (an action list may not lose its last one).
 */
function RowCard({
  removeLabel,
  onRemove,
  aside,
  children,
}: {
  removeLabel: string;
  onRemove?: () => void;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: 'repeat(3, 1fr)' } }}>
        {children}
      </Box>
      {(aside || onRemove) && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          {aside}
          {onRemove && (
            <IconButton aria-label={removeLabel} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      )}
    </Paper>
  );
}

function MatcherRows({
  control,
  backends,
  setType,
}: {
  control: RuleControl;
  backends: string[];
  setType: (index: number, method: string) => void;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'matchers' });
  const rows = useWatch({ control, name: 'matchers' });
  return (
    <RowList
      legend="Matchers"
      addLabel="Add matcher"
      full={fields.length >= loadBalancerLimits.matchers}
      onAdd={() => append(newMatcher())}
    >
      {fields.length === 0 && (
        <FormHelperText sx={{ mt: 0 }}>
          No matchers: the rule applies to all traffic.
        </FormHelperText>
      )}
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        const kind = matcherKinds[row.type];
        const label = `matcher ${index + 1}`;
        return (
          <RowCard
            key={field.id}
            removeLabel={`Remove ${label}`}
            onRemove={() => remove(index)}
            aside={
              <FormCheckbox
                control={control}
                name={`matchers.${index}.inverse`}
                label="Inverse (matches when this does not)"
              />
            }
          >
            <FormSelect
              control={control}
              name={`matchers.${index}.type`}
              label={`Type of ${label}`}
              onChosen={(type) => setType(index, methodFor(type as typeof row.type, row.method))}
            >
              {options(lbMatcherTypes)}
            </FormSelect>
            {kind === 'named' && (
              <FormTextInput
                control={control}
                name={`matchers.${index}.name`}
                label={`Name in ${label}`}
              />
            )}
            {kind === 'members' && (
              <FormSelect
                control={control}
                name={`matchers.${index}.backend`}
                label={`Backend of ${label}`}
              >
                {options(backends)}
              </FormSelect>
            )}
            {(kind === 'string' ||
              kind === 'named' ||
              kind === 'integer' ||
              kind === 'members') && (
              <FormSelect
                control={control}
                name={`matchers.${index}.method`}
                label={`Comparison of ${label}`}
              >
                {options(kind === 'string' || kind === 'named' ? stringMethods : integerMethods)}
              </FormSelect>
            )}
            {kind === 'method' ? (
              <FormSelect
                control={control}
                name={`matchers.${index}.value`}
                label={`Value of ${label}`}
              >
                {options(httpMethods)}
              </FormSelect>
            ) : (
              row.method !== 'exists' && (
                <FormTextInput
                  control={control}
                  name={`matchers.${index}.value`}
                  label={`Value of ${label}`}
                />
              )
            )}
          </RowCard>
        );
      })}
    </RowList>
  );
}

/** The free-text parts of an action, in the order they are shown after its choices. */
const actionTextFields: readonly { part: ActionField; label: string; multiline?: boolean }[] = [
  { part: 'contentType', label: 'Content type of' },
  { part: 'payload', label: 'Body of', multiline: true },
  { part: 'pattern', label: 'Pattern of' },
  { part: 'rewriteTo', label: 'Rewrite to, in' },
  { part: 'header', label: 'Header of' },
  { part: 'value', label: 'Header value of' },
];

function ActionRows({ control, backends }: { control: RuleControl; backends: string[] }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'actions' });
  const rows = useWatch({ control, name: 'actions' });
  const { errors } = useFormState({ control, name: 'actions' });
  const listError = errors.actions?.root?.message ?? errors.actions?.message;
  return (
    <RowList
      legend="Actions"
      addLabel="Add action"
      full={fields.length >= loadBalancerLimits.actions}
      onAdd={() => append(newAction(backends[0]))}
    >
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        const wanted = actionFields[row.type];
        const label = `action ${index + 1}`;
        const name = (part: (typeof wanted)[number]) => `actions.${index}.${part}` as const;
        return (
          <RowCard
            key={field.id}
            removeLabel={`Remove ${label}`}
            onRemove={fields.length > 1 ? () => remove(index) : undefined}
          >
            <FormSelect control={control} name={`actions.${index}.type`} label={`Type of ${label}`}>
              {options(lbActionTypes)}
            </FormSelect>
            {wanted.includes('backend') && (
              <FormSelect control={control} name={name('backend')} label={`Backend of ${label}`}>
                {options(backends)}
              </FormSelect>
            )}
            {wanted.includes('location') && (
              <FormTextInput
                control={control}
                name={name('location')}
                label={`Location of ${label}`}
                hint="A URL, or leave empty and choose a scheme."
              />
            )}
            {wanted.includes('scheme') && (
              <FormSelect control={control} name={name('scheme')} label={`Scheme of ${label}`}>
                <MenuItem value="">keep</MenuItem>
                {options(['http', 'https'])}
              </FormSelect>
            )}
            {wanted.includes('status') &&
              (row.type === 'http_redirect' ? (
                <FormSelect control={control} name={name('status')} label={`Status of ${label}`}>
                  <MenuItem value="">default (302)</MenuItem>
                  {options(['301', '302', '303', '307', '308'])}
                </FormSelect>
              ) : (
                <FormTextInput
                  control={control}
                  name={name('status')}
                  label={`Status of ${label}`}
                  inputMode="numeric"
                />
              ))}
            {actionTextFields
              .filter(({ part }) => wanted.includes(part))
              .map(({ part, label: what, multiline }) => (
                <FormTextInput
                  key={part}
                  control={control}
                  name={name(part)}
                  label={`${what} ${label}`}
                  multiline={multiline}
                />
              ))}
          </RowCard>
        );
      })}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
    </RowList>
  );
}
