import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { StorageDetails } from '../../../contract/storage';
import { serverQueries } from '../../api/servers';
import {
  isStorageBusy,
  storageQueries,
  useFavoriteStorage,
  useUnfavoriteStorage,
} from '../../api/storage';
import { PageHeader } from '../../components/page-header';
import { PageSection } from '../../components/page-section';
import { factWidth, lineWidth, ReservedName } from '../../components/reserved-name';
import { ResourceTabs, useOverviewPanel } from '../../components/resource-tabs';
import { StateChip, stateLabel } from '../../components/state-chip';
import { useSuccessNotice } from '../../components/success-notice';
import { formatDateTime, formatGibibytes } from '../../lib/format';
import { links } from '../../lib/links';
import {
  AttachStorageDialog,
  CloneStorageDialog,
  EditStorageDialog,
  TitleActionDialog,
} from './storage-action-dialogs';
import {
  CancelOperationDialog,
  DeleteStorageDialog,
  DetachStorageDialog,
  ResizeStorageDialog,
  RestoreBackupDialog,
} from './storage-confirm-dialogs';
import { intervalLabels, tierLabels } from './storage-forms';
import { routeDetailPage } from '../../components/detail-query';
import { DescriptionList, Field } from '../../components/description-list';
import { isSystemLabel, labelsText } from '../../lib/labels';
import { RouterLink } from '../../components/router-link';

type Action =
  | 'edit'
  | 'resize'
  | 'attach'
  | 'detach'
  | 'backup'
  | 'clone'
  | 'template'
  | 'restore'
  | 'cancel'
  | 'delete';

export const StorageDetailPage = routeDetailPage(storageQueries.detail, 'Storage', (storage) => (
  <StorageDetails storage={storage} />
));

function StorageDetails({ storage }: { storage: StorageDetails }) {
  const navigate = useNavigate();
  const overviewPanel = useOverviewPanel();
  const [action, setAction] = useState<Action | null>(null);
  const [resizeBackup, setResizeBackup] = useState<StorageDetails | null>(null);
  const servers = useQuery(serverQueries.list());
  const close = () => setAction(null);
  const { notify, notice } = useSuccessNotice();

  const online = storage.state === 'online';
  const privateNormal = storage.type === 'normal' && storage.access === 'private';
  const attached = storage.servers.server;
  const serverTitle = (uuid: string) =>
    servers.data?.find((server) => server.uuid === uuid)?.title ?? uuid;
  const firstServer = attached[0];
  // The API resizes a partition only while every server using the storage is stopped
  // (SERVER_STATE_ILLEGAL otherwise).
  const runningServers = attached.filter((uuid) => {
    const server = servers.data?.find((candidate) => candidate.uuid === uuid);
    return server !== undefined && server.state !== 'stopped';
  });
  const canAttach =
    online && ((privateNormal && attached.length === 0) || storage.type === 'cdrom');
  const favoritable =
    storage.access === 'public' && (storage.type === 'template' || storage.type === 'cdrom');

  const actions = (
    <>
      {privateNormal && (
        <Button variant="outlined" disabled={!online} onClick={() => setAction('edit')}>
          Edit
        </Button>
      )}
      {privateNormal && (
        <Button
          variant="outlined"
          disabled={!online || runningServers.length > 0}
          onClick={() => setAction('resize')}
        >
          Resize partition
        </Button>
      )}
      {canAttach && (
        <Button variant="outlined" onClick={() => setAction('attach')}>
          Attach
        </Button>
      )}
      {firstServer && (
        <Button variant="outlined" onClick={() => setAction('detach')}>
          Detach
        </Button>
      )}
      {privateNormal && (
        <Button variant="outlined" disabled={!online} onClick={() => setAction('backup')}>
          Back up now
        </Button>
      )}
      {storage.type !== 'backup' && (
        <Button variant="outlined" disabled={!online} onClick={() => setAction('clone')}>
          Clone
        </Button>
      )}
      {privateNormal && (
        <Button variant="outlined" disabled={!online} onClick={() => setAction('template')}>
          Create template
        </Button>
      )}
      {storage.type === 'backup' && (
        <Button variant="outlined" disabled={!online} onClick={() => setAction('restore')}>
          Restore
        </Button>
      )}
      {favoritable && <FavoriteButton uuid={storage.uuid} />}
      {storage.access === 'private' && (
        <Button
          variant="outlined"
          color="error"
          disabled={attached.length > 0 || isStorageBusy(storage)}
          onClick={() => setAction('delete')}
        >
          Delete
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader title={storage.title} crumb={storage.title} actions={actions} />
      <ResourceTabs resourceId={storage.uuid} />
      <Box sx={{ display: 'grid', gap: 3 }} {...overviewPanel}>
        {storage.access === 'private' && attached.length > 0 && (
          <Typography color="text.secondary">Detach the storage before deleting it.</Typography>
        )}
        {/* The rule, not which server to stop: that needs the servers' list, whose answer would
            add this line and move the page below it. The list below names the servers. */}
        {privateNormal && attached.length > 0 && (
          <Typography color="text.secondary">
            {attached.length === 1
              ? 'The partition can be resized while its server is stopped.'
              : 'The partition can be resized while its servers are stopped.'}
          </Typography>
        )}
        <BusyState storage={storage} onCancel={() => setAction('cancel')} />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DescriptionList>
            <Field term="State">
              <StateChip state={storage.state} progress={storage.progress} />
            </Field>
            <Field term="UUID">
              <code>{storage.uuid}</code>
            </Field>
            <Field term="Zone">{storage.zone}</Field>
            <Field term="Size">{formatGibibytes(storage.size)}</Field>
            <Field term="Tier">{storage.tier ? tierLabels[storage.tier] : '—'}</Field>
            <Field term="Type">{storage.type}</Field>
            <Field term="Access">{storage.access}</Field>
            {storage.created && <Field term="Created">{formatDateTime(storage.created)}</Field>}
            {storage.license > 0 && (
              <Field term="Licence">{`${storage.license} credits per core-hour`}</Field>
            )}
            {storage.origin && (
              <Field term="Backup of">
                <StorageTitle uuid={storage.origin} width={factWidth} />
              </Field>
            )}
            {privateNormal && (
              <Field term="Backup rule">{describeBackupRule(storage.backup_rule)}</Field>
            )}
            <Field term="Labels">{labelsText(storage.labels) || '—'}</Field>
            {storage.labels?.some(isSystemLabel) && (
              <Field term="System labels">{labelsText(storage.labels, true)}</Field>
            )}
          </DescriptionList>
        </Paper>
        <PageSection title="Attached servers">
          {attached.length === 0 ? (
            <Typography color="text.secondary">Not attached to any server.</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0 }}>
              {attached.map((server) => (
                <li key={server}>
                  <ReservedName
                    uuid={server}
                    name={servers.data?.find((candidate) => candidate.uuid === server)?.title}
                    to={links.server(server)}
                    width={lineWidth}
                  />
                </li>
              ))}
            </Box>
          )}
        </PageSection>
        {storage.type === 'normal' && (
          <PageSection title="Backups">
            {resizeBackup && (
              <Alert severity="success" onClose={() => setResizeBackup(null)} sx={{ mb: 1 }}>
                The resize has started. The backup{' '}
                <Link component={RouterLink} to={links.storageDetail(resizeBackup.uuid)}>
                  {resizeBackup.title}
                </Link>{' '}
                was taken first.
              </Alert>
            )}
            {(storage.backups?.backup.length ?? 0) === 0 ? (
              <Typography color="text.secondary">No backups.</Typography>
            ) : (
              <Box component="ul" aria-label="Backups" sx={{ m: 0, display: 'grid', gap: 1 }}>
                {storage.backups?.backup.map((backup) => (
                  <BackupItem key={backup} uuid={backup} />
                ))}
              </Box>
            )}
          </PageSection>
        )}
      </Box>
      {action === 'edit' && <EditStorageDialog storage={storage} onClose={close} />}
      {action === 'resize' && (
        <ResizeStorageDialog storage={storage} onClose={close} onResized={setResizeBackup} />
      )}
      {action === 'attach' && <AttachStorageDialog storage={storage} onClose={close} />}
      {action === 'detach' && firstServer && (
        <DetachStorageDialog
          storage={storage}
          serverUuid={firstServer}
          serverTitle={serverTitle(firstServer)}
          onClose={close}
        />
      )}
      {(action === 'backup' || action === 'template') && (
        <TitleActionDialog kind={action} storage={storage} onClose={close} onNotice={notify} />
      )}
      {action === 'clone' && (
        <CloneStorageDialog storage={storage} onClose={close} onNotice={notify} />
      )}
      {action === 'restore' && (
        <RestoreBackupDialog storage={storage} onClose={close} onNotice={notify} />
      )}
      {action === 'cancel' && (
        <CancelOperationDialog storage={storage} onClose={close} onNotice={notify} />
      )}
      {notice}
      {action === 'delete' && (
        <DeleteStorageDialog
          storage={storage}
          onClose={close}
          onDeleted={() => void navigate(links.storage())}
        />
      )}
    </>
  );
}

function describeBackupRule(rule: StorageDetails['backup_rule']): string {
  if (!rule || !('interval' in rule)) return 'No automatic backups';
  const time = `${rule.time.slice(0, 2)}:${rule.time.slice(2)} UTC`;
  return `${intervalLabels[rule.interval]} at ${time}, kept for ${rule.retention} days`;
}

/** While a clone or backup runs on the storage it can be cancelled (api-rules §3). */
function BusyState({ storage, onCancel }: { storage: StorageDetails; onCancel: () => void }) {
  if (!isStorageBusy(storage)) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Typography role="status">
        {`An operation is running (${stateLabel(storage.state)}); this page updates by itself.`}
      </Typography>
      <StateChip state={storage.state} progress={storage.progress} showProgress />
      <Box>
        <Button variant="outlined" onClick={onCancel}>
          Cancel operation
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * Another storage linked by its title, which comes in a box of its own size: a backup on a line
 * of its own (`lineWidth`), or the disk this one backs up as one of its facts (`factWidth`).
 */
function StorageTitle({
  uuid,
  width,
}: {
  uuid: string;
  width: typeof lineWidth | typeof factWidth;
}) {
  const storage = useQuery(storageQueries.detail(uuid));
  return (
    <ReservedName
      uuid={uuid}
      name={storage.data?.title}
      to={links.storageDetail(uuid)}
      width={width}
    />
  );
}

/**
 * A backup: its title, state and date come with its own read, into lines kept for them (on a
 * phone the state and date under the title), so that a backup's answer moves none below it.
 */
function BackupItem({ uuid }: { uuid: string }) {
  const backup = useQuery(storageQueries.detail(uuid));
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
    >
      <Box sx={{ flexBasis: { xs: '100%', sm: 'auto' } }}>
        <StorageTitle uuid={uuid} width={lineWidth} />
      </Box>
      {/* A chip's height, filled or not. */}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minHeight: 24 }}>
        {backup.data && <StateChip state={backup.data.state} progress={backup.data.progress} />}
        {backup.data?.created && (
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(backup.data.created)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function FavoriteButton({ uuid }: { uuid: string }) {
  const favorites = useQuery(storageQueries.favorites());
  const add = useFavoriteStorage(uuid);
  const remove = useUnfavoriteStorage(uuid);
  const isFavorite = favorites.data?.storages.some((storage) => storage.uuid === uuid) ?? false;
  const pending = add.isPending || remove.isPending;
  return (
    <Button
      variant="outlined"
      aria-pressed={isFavorite}
      disabled={!favorites.isSuccess || pending}
      onClick={() => (isFavorite ? remove.mutate() : add.mutate())}
    >
      {isFavorite ? 'Remove from favorites' : 'Add to favorites'}
    </Button>
  );
}
