import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { SvgIconComponent } from '@mui/icons-material';

export interface RowIconAction {
  /** The button's accessible name, which names the row too ("Delete member web-1"). */
  label: string;
  icon: SvgIconComponent;
  onClick: () => void;
  disabled?: boolean;
}

/** A table row's small icon buttons, side by side on one line. */
export function RowIconActions({ actions }: { actions: readonly RowIconAction[] }) {
  return (
    <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
      {actions.map(({ label, icon: Icon, onClick, disabled }) => (
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
  );
}
