import { useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { PriceZone } from '../../../contract/price';
import type { CreateServerRequest } from '../../../contract/server';
import { priceQueries } from '../../api/prices';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { TextInput } from '../../components/form/text-input';
import { SectionCard } from '../../components/section-card';
import { creditsToCurrency, formatMoney } from '../../lib/format';
import { hoursPerMonth } from '../../lib/pricing';
import type { CreateServerFormValues } from './create-server-form';
import { customPlan } from './create-server-form';
import { remoteAccessTypeWords, sshKeyLines } from './create-server-options';
import type { ServerOptionsFormValues } from './create-server-options';
import { readSavedSshKeys, sshKeyName } from './saved-ssh-keys';

type FormControl = Control<CreateServerFormValues, unknown, CreateServerRequest>;
type BackupPlan = ServerOptionsFormValues['backupPlan'];

const backupPlanWords: Record<Exclude<BackupPlan, 'no'>, string> = {
  dailies: 'Daily backups (dailies)',
  weeklies: 'Daily and weekly backups (weeklies)',
  monthlies: 'Daily, weekly and monthly backups (monthlies)',
};

/**
 * The create form's sections after the hardware: who signs in and how, what runs at first boot,
 * simple backups, and the advanced settings (folded away).
 */
export function ServerOptionSections({
  control,
  username,
}: {
  control: FormControl;
  /** The signed-in user, whose saved SSH keys are offered. */
  username: string;
}) {
  return (
    <>
      <OptionsCard title="Login">
        <FormTextInput
          control={control}
          name="options.username"
          label="User name"
          hint="The user the keys and the password are for; empty for root."
        />
        <SshKeysField control={control} username={username} />
        <FormCheckbox
          control={control}
          name="options.createPassword"
          label="Create a one-time password"
          hint="Shown once, right after the server is created. Without a key or a password, sign in through the console."
        />
      </OptionsCard>
      <OptionsCard title="Initialisation">
        <FormTextInput
          control={control}
          name="options.userData"
          label="User data"
          multiline
          minRows={3}
          hint="A script run at first boot, or the http(s) URL to fetch it from (at most 64 KiB)."
        />
        <FormCheckbox
          control={control}
          name="options.metadata"
          label="Metadata service"
          hint="Cloud-init templates read their settings and user data from it."
        />
      </OptionsCard>
      <OptionsCard title="Backups">
        <BackupFields control={control} />
      </OptionsCard>
      <AdvancedSettings control={control} />
    </>
  );
}

function OptionsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <Stack spacing={2}>{children}</Stack>
    </SectionCard>
  );
}

function SshKeysField({ control, username }: { control: FormControl; username: string }) {
  const [saved] = useState(() => readSavedSshKeys(username));
  return (
    <Controller
      control={control}
      name="options.sshKeys"
      render={({ field, fieldState }) => {
        const given = sshKeyLines(field.value);
        const offered = saved.filter((key) => !given.includes(key));
        return (
          <Stack spacing={1}>
            <TextInput
              {...field}
              label="SSH public keys"
              multiline
              minRows={2}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                'One key a line, as in a .pub file: ssh-ed25519 AAAA… user@host.'
              }
            />
            {offered.length > 0 && (
              <Box
                role="group"
                aria-label="Saved SSH keys"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
              >
                <Typography variant="body2" color="text.secondary">
                  Saved keys:
                </Typography>
                {offered.map((key) => (
                  <Button
                    key={key}
                    size="small"
                    variant="outlined"
                    onClick={() => field.onChange([...given, key].join('\n'))}
                  >
                    {`Add ${sshKeyName(key)}`}
                  </Button>
                ))}
              </Box>
            )}
          </Stack>
        );
      }}
    />
  );
}

/**
 * The monthly price of a backup plan: the plan's own entry (`simple_backup_<level>_<plan>`), or
 * for a custom server the per-GiB entry (`simple_backup_extra_<level>`) times its disks.
 */
function backupMonthlyPrice(
  zone: PriceZone | undefined,
  level: Exclude<BackupPlan, 'no'>,
  plan: string | undefined,
  diskGiB: number,
): number | null {
  const entry = (key: string) => {
    const value = zone?.[key];
    return typeof value === 'object' ? value : undefined;
  };
  const planEntry =
    plan && plan !== customPlan ? entry(`simple_backup_${level}_${plan}`) : undefined;
  const extra = entry(`simple_backup_extra_${level}`);
  const hourly = planEntry?.price ?? (extra ? (extra.price * diskGiB) / extra.amount : null);
  return hourly === null ? null : creditsToCurrency(hourly * hoursPerMonth);
}

function BackupFields({ control }: { control: FormControl }) {
  const prices = useQuery(priceQueries.list());
  const values = useWatch({ control });
  const backupPlan = values.options?.backupPlan ?? 'no';
  const zone = prices.data?.find((item) => item.name === values.zone);
  const diskGiB =
    (Number(values.osSize) || 0) + (values.extraDisk ? Number(values.extraSize) || 0 : 0);
  const priceText = (level: Exclude<BackupPlan, 'no'>) => {
    const monthly = backupMonthlyPrice(zone, level, values.plan, diskGiB);
    return monthly === null ? '' : `: ${formatMoney(monthly)} per month`;
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <FormSelect
        control={control}
        name="options.backupPlan"
        label="Simple backups"
        sx={{ minWidth: 280, flex: 2 }}
        hint={zone ? 'Prices from the zone’s price list.' : 'Choose a zone to see the prices.'}
      >
        <MenuItem value="no">No simple backups</MenuItem>
        {(Object.keys(backupPlanWords) as Exclude<BackupPlan, 'no'>[]).map((level) => (
          <MenuItem key={level} value={level}>
            {`${backupPlanWords[level]}${priceText(level)}`}
          </MenuItem>
        ))}
      </FormSelect>
      {backupPlan !== 'no' && (
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <FormTextInput
            control={control}
            name="options.backupTime"
            label="Backup time (UTC)"
            hint="HH:MM, such as 04:30."
          />
        </Box>
      )}
    </Box>
  );
}

function AdvancedSettings({ control }: { control: FormControl }) {
  const remoteAccess = useWatch({ control, name: 'options.remoteAccess' });
  return (
    // Unmounted while folded: its fields' names (Time zone…) would otherwise also answer a
    // search for the form's own (Zone).
    <Accordion
      variant="outlined"
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="h2" variant="subtitle1">
          Advanced settings
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          <FormTextInput
            control={control}
            name="options.timezone"
            label="Time zone"
            hint="An IANA name such as UTC or Europe/Helsinki."
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <ChoiceSelect control={control} name="options.videoModel" />
            <ChoiceSelect control={control} name="options.nicModel" />
          </Box>
          <FormCheckbox
            control={control}
            name="options.remoteAccess"
            label="Console access (remote access)"
            hint="The server page shows the console's address, port and password."
          />
          {remoteAccess && <ChoiceSelect control={control} name="options.remoteAccessType" />}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/** The advanced settings chosen from a short list: their labels and the words for each value. */
const choices = {
  'options.videoModel': { label: 'Video model', words: { cirrus: 'Cirrus', vga: 'VGA' } },
  'options.nicModel': {
    label: 'Network card model',
    words: { virtio: 'VirtIO', e1000: 'Intel e1000', rtl8139: 'Realtek RTL8139' },
  },
  'options.remoteAccessType': { label: 'Console type', words: remoteAccessTypeWords },
} as const;

function ChoiceSelect({ control, name }: { control: FormControl; name: keyof typeof choices }) {
  const { label, words } = choices[name];
  return (
    <FormSelect control={control} name={name} label={label} sx={{ minWidth: 180 }}>
      {Object.entries(words).map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </FormSelect>
  );
}
