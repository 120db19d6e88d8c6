import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { z } from 'zod/mini';
import { storageTierSchema, storageTitleSchema } from '../../../contract/storage';
import type { AttachStorageRequest, StorageDetails, StorageTier } from '../../../contract/storage';
import type { ServerSummary } from '../../../contract/server';
import { serverQueries } from '../../api/servers';
import {
  useAttachStorage,
  useBackupStorage,
  useCloneStorage,
  useModifyStorage,
  useTemplatizeStorage,
} from '../../api/storage';
import { zoneQueries } from '../../api/zones';
import { LabelFields } from '../../components/form/label-fields';
import { useApiFailure } from '../../components/form/use-api-failure';
import { useSubmitForm } from '../../components/form/use-request-form';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import type { Notice } from '../../components/success-notice';
import { links } from '../../lib/links';
import { changeWords, FormDialog } from '../../components/form-dialog';
import { BackupRuleFields } from './backup-rule-fields';
import { StorageSizeField } from './storage-size-field';
import {
  backupRuleDefaults,
  editStorageFormSchema,
  storageFieldForError,
  tierLabels,
  titleFormSchema,
} from './storage-forms';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { zoneOptions } from '../../components/zone-options';
import { labelledOptions } from '../../components/labelled-options';
import { useZodForm } from '../../components/form/use-zod-form';

interface StorageDialogProps {
  storage: StorageDetails;
  onClose: () => void;
}

/** A storage action's result: what it made, with a link to open it. */
const madeNotice = (message: string, created: StorageDetails | undefined): Notice => ({
  message,
  ...(created ? { link: { label: 'Open', to: links.storageDetail(created.uuid) } } : {}),
});

export function EditStorageDialog({ storage, onClose }: StorageDialogProps) {
  const modify = useModifyStorage(storage.uuid);
  const { control, submission } = useSubmitForm(
    editStorageFormSchema(storage),
    {
      title: storage.title,
      size: String(storage.size),
      filesystemResize: false,
      labels: storage.labels,
      ...backupRuleDefaults(storage.backup_rule),
    },
    {
      mutation: modify,
      fieldOf: (error) => {
        const field = storageFieldForError(error.code);
        return field === 'zone' || field === 'tier' ? null : field;
      },
      onSuccess: onClose,
    },
  );
  const size = useWatch({ control, name: 'size' });
  const grows = Number(size) > storage.size;

  return (
    <FormDialog
      title={`Edit “${storage.title}”`}
      {...changeWords('storage')}
      {...submission}
      onClose={onClose}
    >
      <FormTextInput control={control} name="title" label="Title" required />
      <StorageSizeField
        control={control}
        hint={`Now ${storage.size} GiB; a storage can only grow, up to 4096 GiB.`}
      />
      {grows && (
        <FormCheckbox
          control={control}
          name="filesystemResize"
          label="Resize the last partition and its filesystem too (a backup is taken first; an attached server must be stopped)"
        />
      )}
      <LabelFields control={control} hint="Keys may not start with “_”." />
      <BackupRuleFields control={control} />
    </FormDialog>
  );
}

const buses = ['virtio', 'scsi', 'ide'] as const;
type Bus = (typeof buses)[number];
const busLabels: Record<Bus, string> = {
  virtio: 'VirtIO',
  scsi: 'SCSI',
  ide: 'IDE',
};

const attachFormSchema = z.object({
  server: z.string().check(z.minLength(1, 'Choose a server.')),
  bus: z.enum(buses),
});

const attachErrorFields = {
  SERVER: 'server',
  SERVER_NOT_FOUND: 'server',
  SERVER_STATE_ILLEGAL: 'server',
  ZONE_MISMATCH: 'server',
  STORAGE_DEVICE_LIMIT_REACHED: 'server',
  IDE_HOTPLUG_UNSUPPORTED: 'bus',
  CDROM_HOTPLUG_UNSUPPORTED: 'bus',
  DEVICE_ADDRESS_IN_USE: 'bus',
  ADDRESS: 'bus',
} as const;

/** IDE devices and CD-ROMs attach only to a stopped server (api-rules §3). */
function needsStoppedServer(bus: Bus, cdrom: boolean) {
  return cdrom || bus === 'ide';
}

export function AttachStorageDialog({ storage, onClose }: StorageDialogProps) {
  const servers = useQuery(serverQueries.list());
  const attach = useAttachStorage(storage.uuid);
  const cdrom = storage.type === 'cdrom';
  const { control, handleSubmit, setError } = useZodForm(attachFormSchema, {
    server: '',
    bus: cdrom ? 'ide' : 'virtio',
  });
  const { failure, clear, onError } = useApiFailure(setError, (error) =>
    fieldForErrorCode(error.code, attachErrorFields),
  );
  const serverId = useWatch({ control, name: 'server' });
  const bus = useWatch({ control, name: 'bus' });
  // Attaching works only within one zone (api-reference-notes §3.6), so only those servers are offered.
  const candidates = (servers.data ?? []).filter(
    (server) => server.zone === storage.zone && !storage.servers.server.includes(server.uuid),
  );
  const chosen: ServerSummary | undefined = candidates.find((server) => server.uuid === serverId);
  const running = chosen !== undefined && chosen.state !== 'stopped';
  const blocked = running && needsStoppedServer(bus, cdrom);

  const submit = handleSubmit((values) => {
    if (blocked) {
      setError('bus', { message: 'Stop the server first: IDE and CD-ROM devices need it.' });
      return;
    }
    clear();
    const body: AttachStorageRequest = {
      storage_device: {
        server: values.server,
        address: values.bus,
        type: cdrom ? 'cdrom' : 'disk',
      },
    };
    attach.mutate(body, { onSuccess: onClose, onError });
  });

  return (
    <FormDialog
      title={`Attach “${storage.title}” to a server`}
      submitLabel="Attach"
      pendingLabel="Attaching…"
      pending={attach.isPending}
      failure={failure}
      failureTitle="The storage could not be attached"
      submitDisabled={blocked}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormSelect
        control={control}
        name="server"
        label="Server"
        required
        hint={
          servers.isSuccess && candidates.length === 0
            ? `No server in ${storage.zone} to attach to.`
            : `Only servers in ${storage.zone}, the storage's zone.`
        }
      >
        {candidates.map((server) => (
          <MenuItem key={server.uuid} value={server.uuid}>
            {`${server.title} (${server.state})`}
          </MenuItem>
        ))}
      </FormSelect>
      <FormSelect
        control={control}
        name="bus"
        label="Bus"
        hint="IDE devices and CD-ROMs attach only while the server is stopped; VirtIO and SCSI disks also to a running server."
      >
        {labelledOptions(
          buses,
          busLabels,
          (value) => (cdrom && value !== 'ide') || (running && needsStoppedServer(value, cdrom)),
        )}
      </FormSelect>
      {blocked && (
        <Alert severity="info">
          {`${chosen.title} is ${chosen.state}. Stop it first to attach ${cdrom ? 'a CD-ROM' : 'an IDE device'}.`}
        </Alert>
      )}
    </FormDialog>
  );
}

interface TitleDialogProps extends StorageDialogProps {
  kind: 'backup' | 'template';
  /** Confirms what was made, with a link to it. */
  onNotice: (notice: Notice) => void;
}

/** Back up now and Create template both take only a title (api-reference-notes §3.3). */
export function TitleActionDialog({ storage, kind, onClose, onNotice }: TitleDialogProps) {
  const backup = useBackupStorage(storage.uuid);
  const templatize = useTemplatizeStorage(storage.uuid);
  const mutation = kind === 'backup' ? backup : templatize;
  const { control, submission } = useSubmitForm(
    titleFormSchema,
    { title: kind === 'backup' ? `${storage.title} backup` : `${storage.title} template` },
    {
      mutation,
      fieldOf: (error) => fieldForErrorCode(error.code, { TITLE: 'title' } as const),
      request: ({ title }) => title,
      onSuccess: (created) => {
        onClose();
        onNotice(madeNotice(kind === 'backup' ? 'Backup started' : 'Template created', created));
      },
    },
  );
  const { note, ...words } =
    kind === 'backup'
      ? {
          title: `Back up “${storage.title}” now`,
          submitLabel: 'Back up now',
          pendingLabel: 'Starting backup…',
          failureTitle: 'The backup could not be started',
          note: 'The storage shows “backing up” and the new backup “maintenance” until the copy is complete.',
        }
      : {
          title: `Create a template from “${storage.title}”`,
          submitLabel: 'Create template',
          pendingLabel: 'Creating…',
          failureTitle: 'The template could not be created',
          note: 'The template is private and uses this storage’s tier; it stays in maintenance until ready.',
        };
  return (
    <FormDialog {...words} {...submission} onClose={onClose}>
      <Typography color="text.secondary">{note}</Typography>
      <FormTextInput
        control={control}
        name="title"
        label={kind === 'backup' ? 'Backup title' : 'Template title'}
        required
      />
    </FormDialog>
  );
}

const cloneFormSchema = z.object({
  title: storageTitleSchema,
  zone: z.string().check(z.minLength(1, 'Choose a zone.')),
  tier: storageTierSchema,
});

export function CloneStorageDialog({
  storage,
  onClose,
  onNotice,
}: StorageDialogProps & { onNotice: (notice: Notice) => void }) {
  const zones = useQuery(zoneQueries.list());
  const clone = useCloneStorage(storage.uuid);
  const { control, submission } = useSubmitForm(
    cloneFormSchema,
    {
      title: `${storage.title} clone`,
      zone: storage.zone,
      tier: storage.tier ?? ('maxiops' satisfies StorageTier),
    },
    {
      mutation: clone,
      fieldOf: (error) =>
        fieldForErrorCode(error.code, { TITLE: 'title', ZONE: 'zone', TIER: 'tier' } as const),
      request: (values) => ({ storage: values }),
      onSuccess: (created) => {
        onClose();
        onNotice(madeNotice('Clone created', created));
      },
    },
  );
  return (
    <FormDialog
      title={`Clone “${storage.title}”`}
      submitLabel="Clone"
      pendingLabel="Starting clone…"
      {...submission}
      failureTitle="The storage could not be cloned"
      onClose={onClose}
    >
      <Typography color="text.secondary">
        The copy is a new storage in maintenance until complete; this storage is busy meanwhile and
        the clone can be cancelled from its page.
      </Typography>
      <FormTextInput control={control} name="title" label="Title of the copy" required />
      <FormSelect control={control} name="zone" label="Target zone">
        {zoneOptions(zones.data ?? [{ id: storage.zone, description: storage.zone }])}
      </FormSelect>
      <FormSelect control={control} name="tier" label="Tier">
        {labelledOptions(storageTierSchema.options, tierLabels)}
      </FormSelect>
    </FormDialog>
  );
}
