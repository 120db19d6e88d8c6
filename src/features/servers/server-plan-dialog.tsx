import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ModifyServerRequest } from '../../../contract/server';
import { planQueries, priceQueries } from '../../api/prices';
import { modifyServerCall, useModifyServer } from '../../api/server-ops';
import { FormDialog } from '../../components/form-dialog';
import { LoadingState } from '../../components/query-state';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { useApiSubmit } from '../../components/form/use-api-failure';
import { useZodForm } from '../../components/form/use-zod-form';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import { formatMoney } from '../../lib/format';
import { describePlan } from '../../lib/pricing';
import { hourlyPrice, sizingOf } from './server-prices';
import type { ServerSizing } from './server-prices';
import type { ServerOperationProps } from './server-operation';

const custom = 'custom';

/** Custom sizes are those of `GET /1.3/server_size`: 1–20 cores, 1–128 GiB (api-reference-notes §2.4). */
const planFormSchema = z.object({
  plan: z.string().check(z.minLength(1, 'Choose a plan.')),
  cores: z.string().check(
    z.refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 20, {
      message: '1 to 20 cores.',
    }),
  ),
  memory: z
    .string()
    .check(
      z.refine(
        (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 128,
        'From 1 to 128 GiB.',
      ),
    ),
});
type PlanFormValues = z.infer<typeof planFormSchema>;

const sizingOfForm = (values: PlanFormValues): ServerSizing => ({
  plan: values.plan,
  cores: Number(values.cores),
  memoryMiB: Number(values.memory) * 1024,
});

const requestOf = (values: PlanFormValues): ModifyServerRequest => ({
  server:
    values.plan === custom
      ? {
          plan: custom,
          core_number: Number(values.cores),
          memory_amount: Number(values.memory) * 1024,
        }
      : { plan: values.plan },
});

const planErrorFields = {
  PLAN: 'plan',
  CORE_NUMBER: 'cores',
  MEMORY_AMOUNT: 'memory',
  CORE_MEMORY_UNSUPPORTED: 'memory',
} as const;

const priceText = (price: number | null) =>
  price === null ? 'Not in the price list' : `${formatMoney(price)} per hour`;

/** Changes a stopped server's plan, or its custom cores and memory, showing both hourly prices. */
export function ServerPlanDialog({ server, onClose, onDone }: ServerOperationProps) {
  const plans = useQuery(planQueries.list());
  const prices = useQuery(priceQueries.list());
  const modify = useModifyServer();
  const form = useZodForm(planFormSchema, {
    plan: server.plan,
    cores: server.core_number,
    memory: String(Math.max(1, Math.round(Number(server.memory_amount) / 1024))),
  });
  const { control } = form;
  const values = useWatch({ control }) as PlanFormValues;
  const stopped = server.state === 'stopped';
  const { pending, failure, onSubmit } = useApiSubmit(form, modify, {
    request: (submitted) => ({ uuid: server.uuid, body: requestOf(submitted) }),
    fieldOf: (error) => fieldForErrorCode(error.code, planErrorFields),
    onSuccess: (_changed, submitted) =>
      onDone(
        `Plan changed to ${
          submitted.plan === custom
            ? `${submitted.cores} CPU, ${submitted.memory} GiB memory`
            : submitted.plan
        }`,
      ),
  });
  const zone = prices.data?.find((item) => item.name === server.zone);
  const planList = plans.data ?? [];
  const now = hourlyPrice(server, zone, planList, sizingOf(server));
  const next = planFormSchema.safeParse(values).success
    ? hourlyPrice(server, zone, planList, sizingOfForm(values))
    : null;
  return (
    <FormDialog
      title={`Change the plan of “${server.title}”`}
      submitLabel="Save plan"
      pendingLabel="Saving…"
      pending={pending}
      failure={failure}
      failureTitle="The plan could not be changed"
      submitDisabled={!stopped}
      onSubmit={onSubmit}
      onClose={onClose}
      apiCall={modifyServerCall(server.uuid, requestOf(values))}
    >
      {!stopped && (
        <Typography>Stop the server first: only a stopped server can change its plan.</Typography>
      )}
      {plans.data ? (
        <FormSelect control={control} name="plan" label="Plan" disabled={!stopped}>
          {planList.map((plan) => (
            <MenuItem key={plan.name} value={plan.name}>
              {`${plan.name}: ${describePlan(plan)}`}
            </MenuItem>
          ))}
          <MenuItem value={custom}>Custom cores and memory</MenuItem>
        </FormSelect>
      ) : (
        <LoadingState label="Loading plans" />
      )}
      {values.plan === custom && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          <FormTextInput
            control={control}
            name="cores"
            label="CPU cores"
            inputMode="numeric"
            disabled={!stopped}
          />
          <FormTextInput
            control={control}
            name="memory"
            label="Memory (GiB)"
            inputMode="numeric"
            disabled={!stopped}
          />
        </Box>
      )}
      <Box
        component="section"
        aria-label="Hourly price"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}
      >
        <Box>
          <Typography variant="subtitle2" component="h3">
            {`Now (${server.plan})`}
          </Typography>
          <Typography>{priceText(now)}</Typography>
        </Box>
        <Box role="status">
          <Typography variant="subtitle2" component="h3">
            {`After the change (${values.plan})`}
          </Typography>
          <Typography>{priceText(next)}</Typography>
        </Box>
      </Box>
    </FormDialog>
  );
}
