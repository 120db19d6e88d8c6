import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import { useNavigate, useSearchParams } from 'react-router';
import { storageSortFields } from '../../../contract/storage';
import type { StorageSummary } from '../../../contract/storage';
import {
  changeStorageLabel,
  deleteStorage,
  storageListCall,
  storageQueries,
} from '../../api/storage';
import { ApiCallPanel } from '../../components/api-call-panel';
import type { BulkAction } from '../../components/bulk-actions';
import { BulkActions, SelectionProvider } from '../../components/bulk-actions';
import { LabelFilter } from '../../components/label-filter';
import { Pager, SearchBox } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { links } from '../../lib/links';
import { updateSearch } from '../../lib/list-params';
import { defaultAccess, readStorageListParams } from './storage-list-params';
import { StorageTable } from './storage-table';

// The form (react-hook-form, zod, its fields) loads when the user opens it, not with the list.
const CreateStorageDialog = lazy(async () => ({
  default: (await import('./create-storage-dialog')).CreateStorageDialog,
}));

const bulkActions: BulkAction<StorageSummary>[] = [
  {
    id: 'delete',
    label: 'Delete',
    destructive: true,
    description:
      'Only storages attached to no server can be deleted; the others are refused. Their backups are kept.',
    run: (storage) => deleteStorage(storage.uuid, 'keep'),
  },
  {
    id: 'add-label',
    label: 'Add label',
    labelInput: 'add',
    description: 'A label with the same key is replaced.',
    run: (storage, label) => changeStorageLabel(storage.uuid, label.key, label.value),
  },
  {
    id: 'remove-label',
    label: 'Remove label',
    labelInput: 'remove',
    run: (storage, label) => changeStorageLabel(storage.uuid, label.key, null),
  },
];

export function StorageListPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const params = readStorageListParams(search);
  const storages = useQuery({
    ...storageQueries.list(params),
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const change = (changes: Record<string, string | string[] | null>, keepOffset = false) =>
    setSearch((current) => updateSearch(current, changes, { keepOffset }));

  const favorites = params.favorite === true;
  const limit = params.limit ?? 25;
  const offset = params.offset ?? 0;
  const selectedStorages = favorites
    ? []
    : (storages.data?.storages ?? []).filter((storage) => selected.has(storage.uuid));

  return (
    <>
      <PageHeader
        title="Storage"
        description="Block storage, backups, templates and CD-ROM images in every zone."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create storage
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="View"
          value={favorites ? 'favorites' : 'all'}
          onChange={(_event, value: string | null) => {
            if (value) setSearch(value === 'favorites' ? { view: 'favorites' } : {});
          }}
        >
          <ToggleButton value="all">All storage</ToggleButton>
          <ToggleButton value="favorites">Favorites</ToggleButton>
        </ToggleButtonGroup>
        {!favorites && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <TextField
              select
              size="small"
              label="Type"
              value={params.type ?? 'all'}
              onChange={(event) =>
                change({ type: event.target.value === 'all' ? null : event.target.value })
              }
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="all">All types</MenuItem>
              <MenuItem value="normal">Normal</MenuItem>
              <MenuItem value="backup">Backup</MenuItem>
              <MenuItem value="template">Template</MenuItem>
              <MenuItem value="cdrom">CD-ROM</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label="Access"
              value={params.access ?? 'all'}
              onChange={(event) =>
                change({ access: event.target.value === defaultAccess ? null : event.target.value })
              }
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="all">Private and public</MenuItem>
              <MenuItem value="private">Private</MenuItem>
              <MenuItem value="public">Public</MenuItem>
            </TextField>
            <SearchBox
              label="Search title or UUID"
              value={params.search ?? ''}
              onSearch={(text) => change({ search: text.trim() || null })}
            />
          </Box>
        )}
        {!favorites && (
          <LabelFilter
            value={params.labels ?? []}
            onChange={(labels) => change({ label: labels })}
          />
        )}
        <ApiCallPanel read={storageListCall(params)} />
      </Box>
      {storages.isPending && <LoadingState label="Loading storage" />}
      {storages.isError && (
        <ErrorState
          error={storages.error}
          title="Storage could not be loaded"
          onRetry={() => void storages.refetch()}
        />
      )}
      {storages.isSuccess &&
        (storages.data.storages.length === 0 ? (
          <EmptyState
            title={offset > 0 ? 'No more storage on this page.' : 'No storage matches.'}
            description={
              favorites
                ? 'Mark public templates or CD-ROM images as favorites on their pages.'
                : 'Change the filters, or create a storage.'
            }
          />
        ) : (
          <SelectionProvider value={{ selected, setSelected }}>
            <Box sx={{ display: 'grid', gap: 1 }}>
              {!favorites && (
                <BulkActions
                  items={selectedStorages}
                  idOf={(storage) => storage.uuid}
                  nameOf={(storage) => storage.title}
                  noun={{ one: 'storage', many: 'storages' }}
                  actions={bulkActions}
                  onFinished={() => {
                    setSelected(new Set());
                    void queryClient.invalidateQueries({ queryKey: storageQueries.all() });
                  }}
                />
              )}
              <StorageTable
                selectable={!favorites}
                storages={storages.data.storages}
                sorting={
                  favorites
                    ? undefined
                    : {
                        sortable: storageSortFields,
                        sortBy: params.sortBy,
                        order: params.orderBy ?? 'asc',
                        onSort: (columnId) =>
                          change({
                            sort: columnId,
                            order:
                              params.sortBy === columnId && params.orderBy !== 'desc'
                                ? 'desc'
                                : 'asc',
                          }),
                      }
                }
              />
            </Box>
          </SelectionProvider>
        ))}
      {!favorites && storages.isSuccess && (
        <Pager
          limit={limit}
          offset={offset}
          count={storages.data.storages.length}
          hasNextPage={storages.data.hasNextPage}
          onLimit={(size) => change({ limit: String(size) })}
          onOffset={(next) => change({ offset: String(next) }, true)}
        />
      )}
      {creating && (
        <Suspense>
          <CreateStorageDialog
            onClose={() => setCreating(false)}
            onCreated={(storage) => {
              setCreating(false);
              void navigate(links.storageDetail(storage.uuid));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
