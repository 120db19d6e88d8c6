import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router';
import type { Plan } from '../../../contract/plan';
import type { CreateServerRequest } from '../../../contract/server';
import { storageTierSchema } from '../../../contract/storage';
import type { StorageSummary } from '../../../contract/storage';
import { planQueries, priceQueries } from '../../api/prices';
import { createServerCall, useCreateServer } from '../../api/servers';
import { storageQueries } from '../../api/storage';
import { zoneQueries } from '../../api/zones';
import { ApiCallPanel } from '../../components/api-call-panel';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { CostPreview } from '../../components/cost-preview';
import { LabelFields } from '../../components/form/label-fields';
import { PageHeader } from '../../components/page-header';
import { formWithAsideSx } from '../../components/wizard-form';
import { describePlan, estimateServerCost } from '../../lib/pricing';
import type { DiskChoice, ServerCost } from '../../lib/pricing';
import { links } from '../../lib/links';
import { useAuth } from '../../auth/use-auth';
import { ServerOptionSections } from './create-server-sections';
import { useOneTimePassword } from './one-time-password-dialog';
import { rememberSshKeys } from './saved-ssh-keys';
import {
  createServerDefaults,
  createServerFormSchema,
  customPlan,
  serverFieldForError,
} from './create-server-form';
import type { CreateServerFormValues } from './create-server-form';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { zoneOptions } from '../../components/zone-options';
import { RemainingAllowance } from '../../components/remaining-allowance';
import { useAllowance } from '../../api/allowance';
import { useRequestForm } from '../../components/form/use-request-form';
import { ServerGroupSelect } from './server-group-select';
import { tierLabels } from '../../lib/storage-tiers';
import { noticeState } from '../../components/success-notice';

/** Public templates are few; one page of the API's maximum holds them. */
const templateParams = { type: 'template', access: 'public', limit: 100 } as const;

export function CreateServerPage() {
  const allowance = useAllowance();
  const navigate = useNavigate();
  const zones = useQuery(zoneQueries.list());
  const plans = useQuery(planQueries.list());
  const templates = useQuery(storageQueries.list(templateParams));
  const username = useAuth().session?.username ?? '';
  // The new server's page confirms it: this page is gone by then.
  const oneTime = useOneTimePassword(
    (uuid) =>
      void navigate(links.server(uuid), {
        state: noticeState({ message: 'Server created: it starts by itself once it is built' }),
      }),
  );
  const createServer = useCreateServer(oneTime.onLogin);
  const templateList = templates.data?.storages ?? [];
  const templateSize = (uuid: string) =>
    templateList.find((template) => template.uuid === uuid)?.size ?? 1;

  const { control, setValue, getValues, submission } = useRequestForm(
    createServerFormSchema(templateSize),
    createServerDefaults,
    {
      mutation: createServer,
      call: createServerCall,
      fieldOf: (error) => serverFieldForError(error.code),
      onSuccess: (server, body) => {
        rememberSshKeys(username, body.server.login_user?.ssh_keys?.ssh_key ?? []);
        oneTime.created(server.uuid);
      },
    },
  );
  const zone = useWatch({ control, name: 'zone' });
  const planName = useWatch({ control, name: 'plan' });
  const templateUuid = useWatch({ control, name: 'template' });
  const zoneTemplates = templateList.filter((template) => template.zone === zone);
  /** The OS disk clones the template, which cannot shrink: its size is the disk's least. */
  const minOsSize = (template: string) => (template ? templateSize(template) : 0);

  const choosePlan = (name: string) => {
    const plan = plans.data?.find((item) => item.name === name);
    if (plan && plan.storage_size > 0) {
      const size = Math.max(plan.storage_size, minOsSize(getValues('template')));
      setValue('osSize', String(size), { shouldValidate: true });
      const tier = storageTierSchema.safeParse(plan.storage_tier);
      if (tier.success) setValue('osTier', tier.data);
    }
  };
  // A template larger than the OS disk raises the disk to the template's size, so that the cost
  // preview prices what will be created and the create is not refused for it.
  const chooseTemplate = (uuid: string) => {
    const least = minOsSize(uuid);
    if (Number(getValues('osSize')) < least) {
      setValue('osSize', String(least), { shouldValidate: true });
    }
  };

  return (
    <>
      <PageHeader
        title="Create server"
        description="A server starts by itself once created. The cost preview uses the zone's price list."
      />
      <RemainingAllowance
        {...allowance}
        resources={['cores', 'memory', 'storage_total', 'public_ipv4']}
        sx={{ mb: 3 }}
      />
      <Box component="form" noValidate onSubmit={submission.onSubmit} sx={formWithAsideSx}>
        <Stack spacing={3}>
          <FormSelect
            control={control}
            name="zone"
            label="Zone"
            required
            onChosen={() => setValue('template', '')}
          >
            {zoneOptions(zones.data)}
          </FormSelect>
          <FormSelect control={control} name="plan" label="Plan" required onChosen={choosePlan}>
            {(plans.data ?? []).map((plan) => (
              <MenuItem key={plan.name} value={plan.name}>
                {`${plan.name}: ${describePlan(plan)}`}
              </MenuItem>
            ))}
            <MenuItem value={customPlan}>Custom cores and memory</MenuItem>
          </FormSelect>
          {planName === customPlan && (
            <Box sx={{ display: 'flex', gap: 2 }}>
              <FormTextInput control={control} name="cores" label="CPU cores" inputMode="numeric" />
              <FormTextInput
                control={control}
                name="memory"
                label="Memory (MiB)"
                inputMode="numeric"
                hint="Steps of 256 MiB."
              />
            </Box>
          )}
          <FormSelect
            control={control}
            name="template"
            label="Operating system template"
            required
            hint={zone === '' ? 'Choose a zone first.' : 'Public templates of the zone.'}
            onChosen={chooseTemplate}
          >
            {zoneTemplates.map((template) => (
              <MenuItem key={template.uuid} value={template.uuid}>
                {template.title}
              </MenuItem>
            ))}
          </FormSelect>
          <DiskFields
            control={control}
            disk="os"
            what="OS disk"
            hint={
              templateUuid
                ? `At least ${minOsSize(templateUuid)} GiB, the template’s size.`
                : undefined
            }
          />
          <FormCheckbox control={control} name="extraDisk" label="Add an empty data disk" />
          <ExtraDisk control={control} />
          <FormTextInput control={control} name="title" label="Title" required />
          <FormTextInput
            control={control}
            name="hostname"
            label="Hostname"
            required
            hint="Such as web-1.example.com."
          />
          <ServerOptionSections control={control} username={username} />
          <LabelFields control={control} />
          <ServerGroupSelect control={control} />
          {submission.failure && (
            <ApiErrorAlert error={submission.failure} title="The server could not be created" />
          )}
          <ApiCallPanel preview={submission.apiCall} />
          <Box>
            <Button type="submit" variant="contained" disabled={submission.pending}>
              {submission.pending ? 'Creating…' : 'Create server'}
            </Button>
          </Box>
        </Stack>
        <ServerCostPreview control={control} plans={plans.data ?? []} templates={templateList} />
      </Box>
      {oneTime.dialog}
    </>
  );
}

type FormControl = Control<CreateServerFormValues, unknown, CreateServerRequest>;

/** A disk's size and tier: the OS disk's (`os`) or the optional data disk's (`extra`). */
function DiskFields({
  control,
  disk,
  what,
  hint,
}: {
  control: FormControl;
  disk: 'os' | 'extra';
  /** The disk as the labels name it. */
  what: string;
  /** Under the size: what it must be at least. */
  hint?: string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2 }}>
      <FormTextInput
        control={control}
        name={`${disk}Size`}
        label={`${what} size (GiB)`}
        inputMode="numeric"
        hint={hint}
      />
      <FormSelect
        control={control}
        name={`${disk}Tier`}
        label={`${what} tier`}
        sx={{ minWidth: 180 }}
      >
        {storageTierSchema.options.map((tier) => (
          <MenuItem key={tier} value={tier}>
            {tierLabels[tier]}
          </MenuItem>
        ))}
      </FormSelect>
    </Box>
  );
}

function ExtraDisk({ control }: { control: FormControl }) {
  const extraDisk = useWatch({ control, name: 'extraDisk' });
  if (!extraDisk) return null;
  return <DiskFields control={control} disk="extra" what="Data disk" />;
}

interface ServerCostPreviewProps {
  control: FormControl;
  plans: Plan[];
  templates: StorageSummary[];
}

function ServerCostPreview({ control, plans, templates }: ServerCostPreviewProps) {
  const prices = useQuery(priceQueries.list());
  const values = useWatch({ control });
  const priceZone = prices.data?.find((zone) => zone.name === values.zone);
  const plan = plans.find((item) => item.name === values.plan) ?? null;
  const template = templates.find((item) => item.uuid === values.template);

  let cost: ServerCost | null = null;
  if (priceZone && values.plan) {
    const disks: DiskChoice[] = [
      { label: 'OS disk', size: Number(values.osSize) || 0, tier: values.osTier ?? 'maxiops' },
    ];
    if (values.extraDisk) {
      disks.push({
        label: 'Data disk',
        size: Number(values.extraSize) || 0,
        tier: values.extraTier ?? 'maxiops',
      });
    }
    cost = estimateServerCost({
      zone: priceZone,
      plan,
      cores: plan ? plan.core_number : Number(values.cores) || 0,
      memoryMiB: plan ? plan.memory_amount : Number(values.memory) || 0,
      disks,
      licensePerCore: template?.license ?? 0,
    });
  }
  return <CostPreview cost={cost} placeholder="Choose a zone and a plan to see the cost." />;
}
