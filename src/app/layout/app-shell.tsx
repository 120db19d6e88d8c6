import { lazy, Suspense, use, useState, useSyncExternalStore } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { Outlet } from 'react-router';
import { maintenanceState } from '../../api/http';
import { productName } from '../../lib/product';
import { KeyboardShortcuts } from '../command-palette/keyboard-shortcuts';
import { paths } from '../paths';
import { AccountActions } from './account-actions';
import { NavSidebar } from './nav-sidebar';
import { PageFallback } from './page-fallback';
import { ResourceSearch } from './resource-search';
import { SkipLink } from './skip-link';
import { ThemeSwitch } from './theme-switch';
import { WideLayoutContext } from './wide-layout';
import { useOnPageLeave } from '../page-change';
import { PageTakenOver } from '../take-over';
import { RouterLink } from '../../components/router-link';

// Only narrow screens use the overlay drawer; its Modal code loads when it is first opened.
const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer')).NavDrawer }));

// Shown only while the API answers 503; its code loads then, not with every page.
const MaintenanceBanner = lazy(async () => ({
  default: (await import('./maintenance-banner')).MaintenanceBanner,
}));

function MaintenanceNotice() {
  const underMaintenance = useSyncExternalStore(
    maintenanceState.subscribe,
    maintenanceState.get,
    maintenanceState.get,
  );
  if (!underMaintenance) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceBanner />
    </Suspense>
  );
}

const mainId = 'main-content';

/** The phone's navigation drawer: never opened (its code not loaded yet), open or closed. */
type DrawerState = 'unused' | 'open' | 'closed';

/**
 * The phone's menu button and the drawer it opens (a modal, drawn over the page wherever it sits).
 * Leaving the page closes it: Back, or a link tapped while its code was on its way (kept open, it
 * then slid in over the page the user had gone on to).
 */
function NavMenu() {
  const [drawer, setDrawer] = useState<DrawerState>('unused');
  useOnPageLeave(() => {
    if (drawer === 'open') setDrawer('closed');
  });
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Open navigation"
        onClick={() => setDrawer('open')}
      >
        <MenuIcon />
      </IconButton>
      {drawer !== 'unused' && (
        <Suspense fallback={null}>
          <NavDrawer open={drawer === 'open'} onClose={() => setDrawer('closed')} />
        </Suspense>
      )}
    </>
  );
}

export function AppShell() {
  const theme = useTheme();
  // While taking the server's page over: as the server rendered it, then as the screen is.
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), {
    defaultMatches: use(WideLayoutContext),
  });

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink targetId={mainId} />
      <KeyboardShortcuts />
      <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          {!isDesktop && <NavMenu />}
          <Link
            component={RouterLink}
            to={paths.dashboard()}
            color="inherit"
            underline="none"
            variant="h6"
            sx={{ fontWeight: 600 }}
          >
            {productName}
          </Link>
          <ResourceSearch />
          <Box sx={{ flexGrow: 1 }} />
          <ThemeSwitch />
          <AccountActions />
        </Toolbar>
      </AppBar>
      {isDesktop && <NavSidebar />}
      <Box
        component="main"
        id={mainId}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <MaintenanceNotice />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <PageTakenOver />
        </Suspense>
      </Box>
    </Box>
  );
}
