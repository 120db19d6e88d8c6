import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ServerDetails } from '../../../contract/server';
import type { StorageSummary } from '../../../contract/storage';
import { priceQueries } from '../../api/prices';
import { useModifyServer } from '../../api/server-ops';
import { storageQueries } from '../../api/storage';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { useApiSubmit } from '../../components/form/use-api-failure';
import { useZodForm } from '../../components/form/use-zod-form';
import { QueryTable } from '../../components/query-table';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import { formatDateTime, formatMoney } from '../../lib/format';
import { links } from '../../lib/links';
import { simpleBackupHourlyPrice } from './server-prices';
import { PageSection } from '../../components/page-section';
import { RouterLink } from '../../components/router-link';

/** The plans of the price list (`simple_backup_<plan>_…`, api-reference-notes §2.9) and what each keeps. */
const planWords: Record<string, string> = {
  daily: 'The last day’s backup',
  dailies: 'Daily backups kept for a week',
  weeklies: 'Dailies for a week, weeklies for a month',
  monthlies: 'Dailies for a week, weeklies for a month, monthlies for a year',
};
const off = 'no';

const backupFormSchema = z.object({ plan: z.string(), time: z.string() }).check(
  z.refine((values) => values.plan === off || /^([01]\d|2[0-3]):[0-5]\d$/.test(values.time), {
    message: 'A time of day such as 04:30.',
    path: ['time'],
  }),
);
type BackupFormValues = z.infer<typeof backupFormSchema>;

const valueOf = ({ plan, time }: BackupFormValues) =>
  plan === off ? off : `${time.replace(':', '')},${plan}`;

function formValues(simpleBackup: string): BackupFormValues {
  const [time, plan] = simpleBackup.split(',');
  if (!plan || !time) return { plan: off, time: '04:00' };
  return { plan, time: `${time.slice(0, 2)}:${time.slice(2)}` };
}

/** The Backups tab: the server's simple backup plan and the backups it has made of its disks. */
export function ServerBackups({ server }: { server: ServerDetails }) {
  const prices = useQuery(priceQueries.list());
  const modify = useModifyServer();
  const form = useZodForm(backupFormSchema, formValues(server.simple_backup));
  const { control } = form;
  const plan = useWatch({ control, name: 'plan' });
  const { pending, failure, onSubmit } = useApiSubmit(form, modify, {
    request: (values) => ({
      uuid: server.uuid,
      body: { server: { simple_backup: valueOf(values) } },
    }),
    fieldOf: (error) => fieldForErrorCode(error.code, { SIMPLE_BACKUP: 'time' } as const),
  });
  const zone = prices.data?.find((item) => item.name === server.zone);
  const current = formValues(server.simple_backup).plan;
  const plans = ['dailies', 'weeklies', 'monthlies'];
  if (current !== off && !plans.includes(current)) plans.unshift(current);
  const priceOf = (level: string) => {
    // Not "no price in the list" before the list is in, or when it could not be read.
    if (!prices.data) return prices.isError ? 'price not available' : 'price loading';
    const price = simpleBackupHourlyPrice(server, zone, level);
    return price === null ? 'no price in the list' : `${formatMoney(price)} per hour`;
  };
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper
        variant="outlined"
        component="form"
        aria-label="Simple backups"
        noValidate
        onSubmit={onSubmit}
        sx={{ p: 2, display: 'grid', gap: 2 }}
      >
        <Typography variant="h6" component="h2">
          Simple backups
        </Typography>
        <Typography color="text.secondary">
          Every day at the time given (UTC), each disk of the server is backed up; older backups are
          deleted as the plan says. The server may be running.
        </Typography>
        <FormSelect control={control} name="plan" label="Backup plan">
          <MenuItem value={off}>No simple backups</MenuItem>
          {plans.map((level) => (
            <MenuItem key={level} value={level}>
              {`${planWords[level] ?? level} (${level}): ${priceOf(level)}`}
            </MenuItem>
          ))}
        </FormSelect>
        {plan !== off && (
          <FormTextInput
            control={control}
            name="time"
            label="Time of day (UTC)"
            hint="Hours and minutes, such as 04:30."
          />
        )}
        {failure && <ApiErrorAlert error={failure} title="The backup plan could not be saved" />}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Saving…' : 'Save backup plan'}
          </Button>
          <Typography role="status">{modify.isSuccess && !pending ? 'Saved.' : ''}</Typography>
        </Box>
      </Paper>
      <MadeBackups server={server} />
    </Box>
  );
}

const column = createColumnHelper<StorageSummary & { disk: string; kept: string }>();
const columns = [
  column.accessor('title', {
    header: 'Backup',
    cell: ({ row }) => (
      <Link component={RouterLink} to={links.storageDetail(row.original.uuid)}>
        {row.original.title}
      </Link>
    ),
  }),
  column.accessor('disk', { header: 'Disk' }),
  column.accessor('created', {
    header: 'Made',
    cell: (info) => {
      const made = info.getValue();
      return made ? formatDateTime(made) : '—';
    },
  }),
  column.accessor('kept', { header: 'Kept as' }),
];

/** Backups list at most 100 a page (api-reference-notes §1.6): the account's latest are enough here. */
const backupParams = { type: 'backup', limit: 100 } as const;

function MadeBackups({ server }: { server: ServerDetails }) {
  const backups = useQuery(storageQueries.list(backupParams));
  const disks = new Map(
    server.storage_devices.storage_device
      .filter((device) => device.storage !== '')
      .map((device) => [device.storage, device.storage_title]),
  );
  const madeOf = (storages: StorageSummary[]) =>
    storages.flatMap((backup) => {
      const kept = backup.labels?.find((label) => label.key === '_simple_backup')?.value;
      const disk = backup.origin ? disks.get(backup.origin) : undefined;
      return kept && disk !== undefined ? [{ ...backup, disk, kept }] : [];
    });
  return (
    <PageSection title="Backups made">
      <QueryTable
        query={backups}
        rows={madeOf(backups.data?.storages ?? [])}
        loading="Loading backups"
        failure="Backups could not be loaded"
        empty={{ title: 'No simple backups yet.' }}
        label="Simple backups of this server"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="title"
      />
    </PageSection>
  );
}
