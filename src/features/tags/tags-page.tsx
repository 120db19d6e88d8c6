import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { Tag } from '../../../contract/tag';
import { deleteTagCall, tagQueries, useDeleteTag } from '../../api/tags';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useSuccessNotice } from '../../components/success-notice';
import { countOf } from '../../lib/format';
import { TagDialog } from './tag-dialog';

const column = createColumnHelper<Tag>();

function TagTable({
  tags,
  onEdit,
  onDelete,
}: {
  tags: Tag[];
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}) {
  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('description', { header: 'Description', meta: { wrap: true } }),
    column.accessor((tag) => tag.servers.server.length, {
      id: 'servers',
      header: 'Servers',
      cell: (info) => countOf(info.getValue(), 'server'),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: tag } }) => (
        <>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit tag ${tag.name}`} onClick={() => onEdit(tag)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete tag ${tag.name}`} onClick={() => onDelete(tag)}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </>
      ),
    }),
  ];
  return (
    <DataTable label="Tags" columns={columns} data={tags} getRowId="name" rowHeaderColumn="name" />
  );
}

interface DeleteTagDialogProps {
  tag: Tag;
  onClose: () => void;
  onDeleted: () => void;
}

function DeleteTagDialog({ tag, onClose, onDeleted }: DeleteTagDialogProps) {
  const deleteTag = useDeleteTag();
  const count = tag.servers.server.length;
  return (
    <ConfirmDialog
      open
      title={`Delete the tag “${tag.name}”?`}
      {...confirmWords('delete', 'tag')}
      {...confirmMutation(deleteTag, tag.name, onDeleted)}
      apiCall={deleteTagCall(tag.name)}
      onClose={onClose}
    >
      {count === 0
        ? 'No server carries this tag.'
        : `The tag comes off the ${count === 1 ? 'server' : `${count} servers`} carrying it; the servers stay as they are.`}
    </ConfirmDialog>
  );
}

export function TagsPage() {
  const tags = useQuery(tagQueries.list());
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const { notify, notice } = useSuccessNotice();

  return (
    <>
      <PageHeader
        title="Tags"
        description="Tags name groups of servers. They belong to the account: its subaccounts see the same tags."
        actions={<CreateButton onClick={() => setEditing('new')}>Create tag</CreateButton>}
      />
      <QueryView
        query={tags}
        loading="Loading tags"
        failure="Tags could not be loaded"
        empty={{
          title: 'No tags yet.',
          description: 'Create one, then put it on servers to find them together.',
        }}
      >
        {(data) => <TagTable tags={data} onEdit={setEditing} onDelete={setDeleting} />}
      </QueryView>
      {editing && (
        <TagDialog
          {...(editing === 'new' ? {} : { tag: editing })}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            notify({ message: `Tag “${name}” ${editing === 'new' ? 'created' : 'saved'}` });
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteTagDialog
          tag={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            notify({ message: `Tag “${deleting.name}” deleted` });
            setDeleting(null);
          }}
        />
      )}
      {notice}
    </>
  );
}
