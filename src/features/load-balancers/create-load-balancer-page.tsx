import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import { AddButton } from '../../components/add-button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { LoadBalancerCreate } from '../../../contract/load-balancer';
import { loadBalancerLimits } from '../../../contract/load-balancer';
import {
  createLoadBalancerCall,
  loadBalancerQueries,
  useCreateLoadBalancer,
} from '../../api/load-balancers';
import { networkQueries } from '../../api/networks';
import { priceQueries } from '../../api/prices';
import { zoneQueries } from '../../api/zones';
import { CostPreview } from '../../components/cost-preview';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { LabelFields } from '../../components/form/label-fields';
import { CreateWizardPage, ReviewList, useWizardForm } from '../../components/wizard-form';
import type { WizardStep } from '../../components/wizard-form';
import { zoneOptions } from '../../components/zone-options';
import { formatMoney } from '../../lib/format';
import { hoursPerMonth } from '../../lib/pricing';
import { links } from '../../lib/links';
import {
  describeLbPlan,
  loadBalancerCost,
  loadBalancerFieldForError,
  loadBalancerFormDefaults,
  loadBalancerFormSchema,
  newMember,
  planPerHour,
} from './load-balancer-form';
import type { LoadBalancerFormValues } from './load-balancer-form';
import { MemberFields, useServerAddresses } from './member-fields';

type FormControl = Control<LoadBalancerFormValues, unknown, LoadBalancerCreate>;

const steps: WizardStep<LoadBalancerFormValues>[] = [
  { label: 'Load balancer', fields: ['name', 'zone', 'plan', 'privateNetwork', 'labels'] },
  {
    label: 'Frontend and backend',
    fields: ['frontendName', 'mode', 'port', 'backendName', 'members'],
  },
  { label: 'Review', fields: [] },
];

export function CreateLoadBalancerPage() {
  const createLoadBalancer = useCreateLoadBalancer();
  const { control, setValue, create } = useWizardForm(
    loadBalancerFormSchema,
    loadBalancerFormDefaults,
    {
      steps,
      mutation: createLoadBalancer,
      fieldForCode: loadBalancerFieldForError,
      pageOf: links.loadBalancer,
      call: createLoadBalancerCall,
    },
  );
  const { step } = create.wizard;

  return (
    <CreateWizardPage
      title="Create load balancer"
      description="A load balancer gets a public DNS name; its frontend forwards traffic to the members of its backend, your servers."
      create={create}
      submitLabel="Create load balancer"
      failureTitle="The load balancer could not be created"
      aside={<PlanCostPreview control={control} />}
    >
      {step === 0 && (
        <ServiceStep
          control={control}
          onZone={() => {
            setValue('privateNetwork', '');
            setValue('members', []);
          }}
        />
      )}
      {step === 1 && <TrafficStep control={control} />}
      {step === 2 && <ReviewStep control={control} />}
    </CreateWizardPage>
  );
}

function ServiceStep({ control, onZone }: { control: FormControl; onZone: () => void }) {
  const zones = useQuery(zoneQueries.list());
  const plans = useQuery(loadBalancerQueries.plans());
  const prices = useQuery(priceQueries.list());
  const zone = useWatch({ control, name: 'zone' });
  const networks = useQuery({ ...networkQueries.list({ zone }), enabled: zone !== '' });
  const priceZone = prices.data?.find((item) => item.name === zone);
  const privateNetworks = (networks.data ?? []).filter(
    (network) => network.type === 'private' && network.zone === zone,
  );
  return (
    <>
      <FormTextInput
        control={control}
        name="name"
        label="Load balancer name"
        required
        hint="Letters, digits, “_” and “-”, such as web-lb."
      />
      <FormSelect control={control} name="zone" label="Zone" required onChosen={onZone}>
        {zoneOptions(zones.data)}
      </FormSelect>
      <FormSelect
        control={control}
        name="plan"
        label="Plan"
        required
        hint={zone ? 'Prices of the chosen zone.' : 'Choose a zone to see the prices.'}
      >
        {(plans.data ?? []).map((plan) => {
          const perHour = planPerHour(priceZone, plan.name);
          const price = perHour === null ? '' : `, ${formatMoney(perHour * hoursPerMonth)} a month`;
          return (
            <MenuItem key={plan.name} value={plan.name}>
              {`${plan.name}: ${describeLbPlan(plan)}${price}`}
            </MenuItem>
          );
        })}
      </FormSelect>
      <FormSelect
        control={control}
        name="privateNetwork"
        label="Private network"
        hint="Optional: a private network of the zone, to reach servers by their private addresses. The public network is always attached."
      >
        <MenuItem value="">None (public network only)</MenuItem>
        {privateNetworks.map((network) => (
          <MenuItem key={network.uuid} value={network.uuid}>
            {network.name}
          </MenuItem>
        ))}
      </FormSelect>
      <LabelFields control={control} />
    </>
  );
}

function TrafficStep({ control }: { control: FormControl }) {
  const zone = useWatch({ control, name: 'zone' });
  const addresses = useServerAddresses(zone);
  const { fields, append, remove } = useFieldArray({ control, name: 'members' });
  const { errors } = useFormState({ control, name: 'members' });
  const listError = errors.members?.root?.message ?? errors.members?.message;
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        Frontend
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 1fr 1fr' } }}>
        <FormTextInput control={control} name="frontendName" label="Frontend name" required />
        <FormSelect control={control} name="mode" label="Mode" required>
          <MenuItem value="http">HTTP</MenuItem>
          <MenuItem value="tcp">TCP</MenuItem>
        </FormSelect>
        <FormTextInput
          control={control}
          name="port"
          label="Frontend port"
          inputMode="numeric"
          required
        />
      </Box>
      <Typography variant="subtitle1" component="h3">
        Backend
      </Typography>
      <FormTextInput
        control={control}
        name="backendName"
        label="Backend name"
        required
        hint="The frontend sends its traffic here unless a rule says otherwise."
      />
      {fields.map((field, index) => (
        <MemberFields
          key={field.id}
          control={control}
          index={index}
          addresses={addresses}
          onRemove={() => remove(index)}
        />
      ))}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <AddButton
        disabled={fields.length >= loadBalancerLimits.members}
        onClick={() => append(newMember(fields.length))}
      >
        Add member
      </AddButton>
    </>
  );
}

function ReviewStep({ control }: { control: FormControl }) {
  const values = useWatch({ control });
  const rows: [string, string][] = [
    ['Name', values.name ?? ''],
    ['Zone', values.zone ?? ''],
    ['Plan', values.plan ?? ''],
    ['Networks', values.privateNetwork ? 'public, private' : 'public'],
    ['Frontend', `${values.frontendName}: ${values.mode?.toUpperCase()} on port ${values.port}`],
    [
      'Backend',
      `${values.backendName}: ${(values.members ?? [])
        .map((member) => `${member.name} (${member.ip}:${member.port})`)
        .join(', ')}`,
    ],
  ];
  return <ReviewList rows={rows} />;
}

function PlanCostPreview({ control }: { control: FormControl }) {
  const prices = useQuery(priceQueries.list());
  const [zone, plan] = useWatch({ control, name: ['zone', 'plan'] });
  const priceZone = prices.data?.find((item) => item.name === zone);
  return (
    <CostPreview
      cost={priceZone && plan ? loadBalancerCost(priceZone, plan) : null}
      placeholder="Choose a zone and a plan to see the cost."
    />
  );
}
