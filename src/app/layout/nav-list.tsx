import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { accountQueries } from '../../api/account';
import { RouterLink } from '../../components/router-link';
import { navigationSections } from '../../lib/group-manifest';
import type { NavigationEntry } from '../navigation';
import { navigationEntries } from '../navigation';
import { paths } from '../paths';
import { useStartRoute } from '../route-start';

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

/**
 * The main navigation as plain links styled like MUI's list items: MUI's List components would
 * put the dashboard over its first-load budget, and a link needs nothing they add but looks. The
 * dashboard comes first, then a list per section, named by its visible heading.
 */
export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const partner = !!useQuery(accountQueries.partner()).data;
  const headingId = useId();
  const entries = navigationEntries.filter((entry) => !entry.partnerOnly || partner);
  const sectionOf = (entry: NavigationEntry) =>
    entry.to === paths.dashboard() ? undefined : (entry.section ?? 'Other');
  const link = (entry: NavigationEntry) => (
    <li key={entry.to}>
      <NavEntry entry={entry} onNavigate={onNavigate} />
    </li>
  );
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ py: 1 }}>
      <Box component="ul" sx={listSx}>
        {entries.filter((entry) => sectionOf(entry) === undefined).map(link)}
      </Box>
      {navigationSections.map((section, index) => {
        const inSection = entries.filter((entry) => sectionOf(entry) === section);
        if (inSection.length === 0) return null;
        const id = `${headingId}-${index}`;
        return (
          <Box key={section} sx={{ mt: 1 }}>
            <Box
              id={id}
              sx={{
                px: 2,
                pt: 1,
                pb: 0.5,
                typography: 'overline',
                lineHeight: 1.5,
                color: 'text.secondary',
              }}
            >
              {section}
            </Box>
            <Box component="ul" aria-labelledby={id} sx={listSx}>
              {inSection.map(link)}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function NavEntry({
  entry: { label, to, icon: Icon },
  onNavigate,
}: {
  entry: NavigationEntry;
  onNavigate?: () => void;
}) {
  const startRoute = useStartRoute();
  return (
    <Box
      component={RouterLink}
      to={to}
      current={to === paths.dashboard() ? 'exact' : 'path'}
      onClick={onNavigate}
      onPointerEnter={() => startRoute(to, 'code')}
      onFocus={() => startRoute(to, 'code')}
      onPointerDown={() => startRoute(to, 'read')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 0.75,
        color: 'text.primary',
        textDecoration: 'none',
        typography: 'body1',
        '& svg': { color: 'action.active', flexShrink: 0 },
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': {
          outline: 2,
          outlineColor: 'primary.main',
          outlineOffset: -2,
        },
        // The icon carries the colour: primary text on the selected tint misses 4.5:1.
        '&.active': {
          bgcolor: 'action.selected',
          fontWeight: 600,
          '& svg': { color: 'primary.main' },
        },
      }}
    >
      <Icon />
      {label}
    </Box>
  );
}
