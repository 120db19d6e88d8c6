import Drawer from '@mui/material/Drawer';
import { sidebarWidth } from './nav-sidebar';
import { NavList } from './nav-list';

/** The narrow-screen navigation: an overlay that closes when an entry is chosen. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
      // Over the app bar (which stays above the wide screens' sidebar): its first entry shows.
      sx={(theme) => ({
        zIndex: theme.zIndex.drawer + 2,
        '& .MuiDrawer-paper': { width: sidebarWidth, boxSizing: 'border-box' },
      })}
    >
      <NavList onNavigate={onClose} />
    </Drawer>
  );
}
