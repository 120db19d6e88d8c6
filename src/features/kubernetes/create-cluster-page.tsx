import { countOf } from '../../lib/format';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import type { Control, DeepPartialSkipArrayKey, FieldPath, UseFormSetValue } from 'react-hook-form';
import Box from '@mui/material/Box';
import { AddButton } from '../../components/add-button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ClusterCreate } from '../../../contract/kubernetes';
import { maxNodeGroups } from '../../../contract/kubernetes';
import type { Plan } from '../../../contract/plan';
import { createClusterCall, kubernetesQueries, useCreateCluster } from '../../api/kubernetes';
import { planQueries, priceQueries } from '../../api/prices';
import { zoneQueries } from '../../api/zones';
import { FieldsetCard } from '../../components/form/fieldset-card';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { LabelFields } from '../../components/form/label-fields';
import { CreateWizardPage, ReviewList, useWizardForm } from '../../components/wizard-form';
import type { WizardStep } from '../../components/wizard-form';
import { links } from '../../lib/links';
import { estimateServerCost, hoursPerMonth } from '../../lib/pricing';
import { planOptions } from '../../components/plan-options';
import type { CostLine } from '../../lib/pricing';
import type { PriceZone } from '../../../contract/price';
import { CostPreview } from '../../components/cost-preview';
import {
  clusterFieldForError,
  clusterFormDefaults,
  clusterFormSchema,
  newNodeGroup,
  nodeCountRange,
} from './cluster-form';
import type { ClusterFormValues } from './cluster-form';
import { zoneOptions } from '../../components/zone-options';
import { RemainingAllowance } from '../../components/remaining-allowance';
import { useAllowance } from '../../api/allowance';

type FormControl = Control<ClusterFormValues, unknown, ClusterCreate>;

const steps: WizardStep<ClusterFormValues>[] = [
  { label: 'Cluster', fields: ['name', 'zone', 'network', 'version', 'plan', 'labels'] },
  { label: 'Node groups', fields: ['nodeGroups'] },
  { label: 'Review', fields: [] },
];

export function CreateClusterPage() {
  const allowance = useAllowance();
  const plans = useQuery(planQueries.list());
  const createCluster = useCreateCluster();
  const { control, setValue, trigger, subscribe, getFieldState, create } = useWizardForm(
    clusterFormSchema,
    clusterFormDefaults,
    {
      steps,
      mutation: createCluster,
      fieldForCode: clusterFieldForError,
      pageOf: links.cluster,
      call: createClusterCall,
    },
  );
  const { step } = create.wizard;

  // Next checks a step without submitting, so react-hook-form's reValidateMode never applies.
  // As the server form does after a submit, a field showing an error is checked again on each
  // change, and the error goes once the field is fixed.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name && getFieldState(name as FieldPath<ClusterFormValues>).invalid) {
            void trigger(name as FieldPath<ClusterFormValues>);
          }
        },
      }),
    [subscribe, getFieldState, trigger],
  );

  return (
    <CreateWizardPage
      title="Create Kubernetes cluster"
      description="The control plane is created for you; node groups are the servers that run your workloads. A cluster needs a private network in its zone."
      notice={
        <RemainingAllowance {...allowance} resources={['managed_kubernetes']} sx={{ mb: 2 }} />
      }
      create={create}
      submitLabel="Create cluster"
      failureTitle="The cluster could not be created"
      aside={<ClusterCostPreview control={control} plans={plans.data ?? []} />}
    >
      {step === 0 && <ClusterStep control={control} setValue={setValue} />}
      {step === 1 && <NodeGroupStep control={control} plans={plans.data ?? []} />}
      {step === 2 && <ReviewStep control={control} />}
    </CreateWizardPage>
  );
}

function ClusterStep({
  control,
  setValue,
}: {
  control: FormControl;
  setValue: UseFormSetValue<ClusterFormValues>;
}) {
  const zones = useQuery(zoneQueries.list());
  const versions = useQuery(kubernetesQueries.versions());
  const clusterPlans = useQuery(kubernetesQueries.plans());
  const zone = useWatch({ control, name: 'zone' });
  const networks = useQuery({ ...kubernetesQueries.networks(zone), enabled: zone !== '' });
  const networkList = networks.data ?? [];
  const networkHint =
    zone === ''
      ? 'Choose a zone first.'
      : networks.isError
        ? `The networks could not be loaded: ${networks.error.message}`
        : networks.isSuccess && networkList.length === 0
          ? 'This zone has no private network of yours; create one on the Networks page first.'
          : 'The cluster’s nodes get addresses from its IPv4 block.';

  return (
    <>
      <FormTextInput
        control={control}
        name="name"
        label="Cluster name"
        required
        hint="Lowercase letters, digits and hyphens, such as web-prod."
      />
      <FormSelect
        control={control}
        name="zone"
        label="Zone"
        required
        onChosen={() => {
          setValue('network', '');
          setValue('networkCidr', '');
        }}
      >
        {zoneOptions(zones.data)}
      </FormSelect>
      <Controller
        control={control}
        name="network"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            onChange={(event) => {
              field.onChange(event);
              const network = networkList.find((item) => item.uuid === event.target.value);
              setValue('networkCidr', network?.cidrs[0] ?? '');
            }}
            select
            required
            label="Private network"
            error={fieldState.invalid}
            helperText={fieldState.error?.message ?? networkHint}
          >
            {networkList.map((network) => (
              <MenuItem
                key={network.uuid}
                value={network.uuid}
                disabled={network.cidrs.length === 0}
              >
                {`${network.name} (${network.cidrs.join(', ') || 'no IPv4 block'})`}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormSelect control={control} name="version" label="Kubernetes version" required>
        {(versions.data ?? []).map((version) => (
          <MenuItem key={version.id} value={version.id}>
            {`${version.id} (${version.version})`}
          </MenuItem>
        ))}
      </FormSelect>
      <FormSelect control={control} name="plan" label="Control-plane plan" required>
        {(clusterPlans.data ?? [])
          .filter((plan) => !plan.deprecated)
          .map((plan) => (
            <MenuItem key={plan.name} value={plan.name}>
              {`${plan.name}: up to ${plan.max_nodes} worker nodes, ${countOf(plan.server_number, 'control-plane node')}`}
            </MenuItem>
          ))}
      </FormSelect>
      <LabelFields control={control} />
    </>
  );
}

function NodeGroupStep({ control, plans }: { control: FormControl; plans: Plan[] }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'nodeGroups' });
  return (
    <>
      {fields.map((field, index) => (
        <FieldsetCard
          key={field.id}
          legend={`Node group ${index + 1}`}
          removeLabel={`Remove node group ${index + 1}`}
          onRemove={fields.length > 1 ? () => remove(index) : undefined}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 1fr' } }}>
            <FormTextInput
              control={control}
              name={`nodeGroups.${index}.name`}
              label={`Name of node group ${index + 1}`}
              required
            />
            <FormTextInput
              control={control}
              name={`nodeGroups.${index}.count`}
              label={`Nodes in group ${index + 1}`}
              inputMode="numeric"
              required
              hint={nodeCountRange}
            />
          </Box>
          <FormSelect
            control={control}
            name={`nodeGroups.${index}.plan`}
            label={`Server plan of group ${index + 1}`}
            required
          >
            {planOptions(plans)}
          </FormSelect>
          <FormCheckbox
            control={control}
            name={`nodeGroups.${index}.antiAffinity`}
            label="Spread the nodes over different hosts (anti-affinity)"
          />
        </FieldsetCard>
      ))}
      <AddButton
        disabled={fields.length >= maxNodeGroups}
        onClick={() => append(newNodeGroup(fields.length))}
      >
        Add node group
      </AddButton>
    </>
  );
}

function ReviewStep({ control }: { control: FormControl }) {
  const values = useWatch({ control });
  const rows: [string, string][] = [
    ['Name', values.name ?? ''],
    ['Zone', values.zone ?? ''],
    ['Network block', values.networkCidr ?? ''],
    ['Version', values.version ?? ''],
    ['Control-plane plan', values.plan ?? ''],
    [
      'Node groups',
      (values.nodeGroups ?? [])
        .map((group) => `${group.name}: ${group.count} × ${group.plan}`)
        .join('; '),
    ],
  ];
  return <ReviewList rows={rows} />;
}

/** Node groups are priced as servers of their plan; the control plane has no list price. */
function clusterCost(
  values: DeepPartialSkipArrayKey<ClusterFormValues>,
  zone: PriceZone,
  plans: Plan[],
) {
  const lines: CostLine[] = [];
  const unpriced = [`Control plane (${values.plan || 'no plan'})`];
  for (const group of values.nodeGroups ?? []) {
    const plan = plans.find((item) => item.name === group.plan);
    const count = Number(group.count) || 0;
    if (!plan || count === 0) continue;
    const node = estimateServerCost({
      zone,
      plan,
      cores: plan.core_number,
      memoryMiB: plan.memory_amount,
      disks: [],
      licensePerCore: 0,
    });
    if (node.unpriced.length > 0) unpriced.push(...node.unpriced);
    lines.push({
      label: `${group.name}: ${count} × ${plan.name}`,
      perHour: node.perHour * count,
    });
  }
  const perHour = lines.reduce((sum, line) => sum + line.perHour, 0);
  return { lines, perHour, perMonth: perHour * hoursPerMonth, unpriced };
}

function ClusterCostPreview({ control, plans }: { control: FormControl; plans: Plan[] }) {
  const prices = useQuery(priceQueries.list());
  const values = useWatch({ control });
  const priceZone = prices.data?.find((zone) => zone.name === values.zone);
  return (
    <CostPreview
      cost={priceZone ? clusterCost(values, priceZone, plans) : null}
      placeholder="Choose a zone to see the cost."
    />
  );
}
