import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { NavList } from './nav-list';

export const sidebarWidth = 240;

/**
 * The permanent navigation of wide screens. A plain box rather than a permanent Drawer keeps
 * Modal and its transitions, which only the narrow-screen drawer needs, out of the first load.
 */
export function NavSidebar() {
  return (
    <Box
      sx={{
        width: sidebarWidth,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflowY: 'auto',
      }}
    >
      <Toolbar />
      <NavList />
    </Box>
  );
}
