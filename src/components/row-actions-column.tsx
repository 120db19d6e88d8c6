import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ColumnDef } from '@tanstack/react-table';

export interface RowIconAction {
  /** The button's accessible name, which names the row too ("Delete member web-1"). */
  label: string;
  icon: SvgIconComponent;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * A table's "Change" column: each row's small icon buttons, side by side on one line.
 * `actionsOf` gets the row and its position in the table.
 */
export function rowActionsColumn<Row>(
  actionsOf: (row: Row, index: number) => readonly RowIconAction[],
): ColumnDef<Row> {
  return {
    id: 'change',
    header: 'Change',
    cell: ({ row }) => (
      <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
        {actionsOf(row.original, row.index).map(({ label, icon: Icon, onClick, disabled }) => (
          <IconButton
            key={label}
            size="small"
            aria-label={label}
            disabled={disabled}
            onClick={onClick}
          >
            <Icon fontSize="small" />
          </IconButton>
        ))}
      </Box>
    ),
  };
}
