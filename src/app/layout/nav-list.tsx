import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { NavLink } from 'react-router';
import { accountQueries } from '../../api/account';
import { navigationEntries } from '../navigation';
import { paths } from '../paths';

/**
 * The main navigation as plain links styled like MUI's list items: MUI's List components would
 * put the dashboard over its first-load budget, and a link needs nothing they add but looks.
 */
export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const partner = useQuery(accountQueries.partner()).data === true;
  const entries = navigationEntries.filter((entry) => !entry.partnerOnly || partner);
  return (
    <Box component="nav" aria-label="Main navigation">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, py: 1, px: 0 }}>
        {entries.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Box
              component={NavLink}
              to={to}
              end={to === paths.dashboard()}
              onClick={onNavigate}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                px: 2,
                py: 1,
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
          </li>
        ))}
      </Box>
    </Box>
  );
}
