import { lazy, Suspense } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useNavigate } from 'react-router';
import { storageSortFields } from '../../../contract/storage';
import type { StorageDetails, StorageSummary } from '../../../contract/storage';
import {
  storageListCall,
  storageQueries,
  useChangeStorageLabel,
  useDeleteStorage,
} from '../../api/storage';
import type { BulkAction } from '../../components/bulk-actions';
import { BulkSelection, BulkToolbar, labelActions } from '../../components/bulk-actions';
import { LabelFilter } from '../../components/label-filter';
import { FilterRow, SearchBox, SelectFilter } from '../../components/list-controls';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/query-state';
import { urlSorting, useUrlState } from '../../components/use-url-state';
import { links } from '../../lib/links';
import { storageListHeading } from './headings';
import { defaultAccess, storageListParams, storageListUrl } from './storage-list-params';
import { StorageTable } from './storage-table';
import { useCreateDialog } from '../../components/use-create-dialog';

// The form (react-hook-form, zod, its fields) loads when the user opens it, not with the list.
const CreateStorageDialog = lazy(async () => ({
  default: (await import('./create-storage-dialog')).CreateStorageDialog,
}));

const typeOptions = [
  { value: 'all', label: 'All types' },
  { value: 'normal', label: 'Normal' },
  { value: 'backup', label: 'Backup' },
  { value: 'template', label: 'Template' },
  { value: 'cdrom', label: 'CD-ROM' },
];
const accessOptions = [
  { value: 'all', label: 'Private and public' },
  { value: 'private', label: 'Private' },
  { value: 'public', label: 'Public' },
];

/** Each runs the storage's own mutation, which keeps the cache up to date. */
function useBulkActions(): BulkAction<StorageSummary>[] {
  const remove = useDeleteStorage();
  const changeLabel = useChangeStorageLabel();
  return [
    {
      id: 'delete',
      label: 'Delete',
      destructive: true,
      description:
        'Only storages attached to no server can be deleted; the others are refused. Their backups are kept.',
      run: (storage) => remove.mutateAsync({ uuid: storage.uuid, backups: 'keep' }),
    },
    ...labelActions<StorageSummary>((storage, key, value) =>
      changeLabel.mutateAsync({ uuid: storage.uuid, key, value }),
    ),
  ];
}

export function StorageListPage() {
  const navigate = useNavigate();
  const { state: url, change, replace } = useUrlState(storageListUrl);
  const params = storageListParams(url);
  const storages = useQuery({ ...storageQueries.page(params), placeholderData: keepPreviousData });
  const bulkActions = useBulkActions();
  const creating = useCreateDialog();
  const favorites = params.favorite === true;

  const filters = (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="View"
        value={favorites ? 'favorites' : 'all'}
        onChange={(_event, value: string | null) => {
          if (value) replace(value === 'favorites' ? { view: 'favorites' } : {});
        }}
      >
        <ToggleButton value="all">All storage</ToggleButton>
        <ToggleButton value="favorites">Favorites</ToggleButton>
      </ToggleButtonGroup>
      {!favorites && (
        <FilterRow>
          <SelectFilter
            label="Type"
            value={params.type ?? 'all'}
            options={typeOptions}
            onChange={(value) => change({ type: value === 'all' ? null : value })}
          />
          <SelectFilter
            label="Access"
            value={params.access ?? 'all'}
            options={accessOptions}
            onChange={(value) => change({ access: value === defaultAccess ? null : value })}
          />
          <SearchBox
            label="Search title or UUID"
            value={params.search ?? ''}
            onSearch={(text) => change({ search: text.trim() || null })}
          />
        </FilterRow>
      )}
      {!favorites && (
        <LabelFilter value={params.label ?? []} onChange={(labels) => change({ label: labels })} />
      )}
    </>
  );

  return (
    <>
      <PageHeader
        {...storageListHeading}
        actions={<CreateButton onClick={creating.start}>Create storage</CreateButton>}
      />
      <BulkSelection
        idOf={(storage: StorageSummary) => storage.uuid}
        nameOf={(storage) => storage.title}
        noun={{ one: 'storage', many: 'storages' }}
        actions={bulkActions}
      >
        <PagedList
          query={storages}
          loadingLabel="Loading storage"
          errorTitle="Storage could not be loaded"
          filters={filters}
          read={storageListCall(params)}
          empty={
            <EmptyState
              title={
                (params.offset ?? 0) > 0 ? 'No more storage on this page.' : 'No storage matches.'
              }
              description={
                favorites
                  ? 'Mark public templates or CD-ROM images as favorites on their pages.'
                  : 'Change the filters, or create a storage.'
              }
            />
          }
          paging={favorites ? undefined : { limit: url.limit, offset: url.offset, change }}
        >
          {(items) =>
            favorites ? (
              <StorageTable storages={items} />
            ) : (
              <BulkToolbar rows={items}>
                <StorageTable
                  selectable
                  storages={items}
                  sorting={urlSorting(storageSortFields, url, change)}
                />
              </BulkToolbar>
            )
          }
        </PagedList>
      </BulkSelection>
      {creating.open && (
        <Suspense>
          <CreateStorageDialog
            {...creating.dialog((storage: StorageDetails) => {
              void navigate(links.storageDetail(storage.uuid));
            })}
          />
        </Suspense>
      )}
    </>
  );
}
