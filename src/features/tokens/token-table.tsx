import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Token } from '../../../contract/tokens';
import { DataTable } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';
import { useNow } from '../../components/use-now';
import { formatDateTime } from '../../lib/format';
import { IpRangesText } from './ip-ranges-text';

const column = createColumnHelper<Token>();

interface TokenTableProps {
  tokens: Token[];
  currentTokenId: string | undefined;
  onDelete: (token: Token) => void;
}

export function TokenTable({ tokens, currentTokenId, onDelete }: TokenTableProps) {
  const now = useNow();
  const columns = [
    column.accessor('name', {
      header: 'Name',
      cell: ({ row: { original: token } }) => (
        <>
          {token.name}
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
            {token.id === currentTokenId && (
              <Chip label="This session" size="small" color="primary" variant="outlined" />
            )}
            {token.gui && <Chip label="Panel session" size="small" variant="outlined" />}
          </Box>
        </>
      ),
    }),
    column.accessor('created_at', {
      header: 'Created',
      cell: (info) => <DateTimeText iso={info.getValue()} past />,
    }),
    column.accessor('expires_at', {
      header: 'Expires',
      cell: (info) =>
        new Date(info.getValue()).getTime() <= now ? (
          <>
            <Chip label="Expired" size="small" color="error" variant="outlined" />
            <Box component="time" dateTime={info.getValue()} sx={{ display: 'block' }}>
              {formatDateTime(info.getValue())}
            </Box>
          </>
        ) : (
          <DateTimeText iso={info.getValue()} />
        ),
    }),
    column.accessor('last_used_at', {
      header: 'Last used',
      cell: (info) => {
        const lastUsed = info.getValue();
        return lastUsed ? <DateTimeText iso={lastUsed} past /> : 'Never';
      },
    }),
    column.accessor('allowed_ip_ranges', {
      header: 'Allowed from',
      cell: (info) => <IpRangesText ranges={info.getValue()} />,
    }),
    column.accessor('can_create_tokens', {
      header: 'Can create tokens',
      cell: (info) => (info.getValue() ? 'Yes' : 'No'),
      meta: { wrapHeader: true },
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: token } }) => (
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete token ${token.name}`} onClick={() => onDelete(token)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      ),
    }),
  ];

  return (
    <DataTable
      label="API tokens"
      columns={columns}
      data={tokens}
      getRowId="id"
      rowHeaderColumn="name"
    />
  );
}
