import { useId } from 'react';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { requestPalette } from '../command-palette/palette-opener';

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * The app bar's search: a button that looks like a search field and opens the command palette
 * (Ctrl/Cmd+K) on a click, a tap, Enter or Space. A key typed on it opens the palette too and
 * lands in its query. On a phone only its icon shows. A plain button: the shell is within a few
 * KB of the first-load budget.
 */
export function ResourceSearch() {
  const shortcut = isApple ? '⌘K' : 'Ctrl+K';
  const hintId = useId();

  // Keys typed here before the palette has the focus (its code may still be loading) go to it.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const enter = event.key === 'Enter';
    if (!enter && (event.key.length !== 1 || event.key === ' ')) return;
    event.preventDefault();
    requestPalette(enter ? '' : event.key, enter);
  };

  return (
    <Box
      component="button"
      type="button"
      aria-label="Search or jump to"
      aria-keyshortcuts={isApple ? 'Meta+K' : 'Control+K'}
      aria-haspopup="dialog"
      aria-describedby={hintId}
      title={`Search or jump to (${shortcut})`}
      onClick={() => requestPalette()}
      onKeyDown={onKeyDown}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flex: { xs: '0 0 auto', sm: '0 1 22rem' },
        minWidth: 0,
        ml: { xs: 0, sm: 2 },
        font: 'inherit',
        fontSize: '0.875rem',
        color: 'inherit',
        textAlign: 'left',
        cursor: 'pointer',
        bgcolor: 'rgba(0, 0, 0, 0.25)',
        border: '1px solid rgba(255, 255, 255, 0.6)',
        borderRadius: 1,
        px: { xs: 1, sm: 1.5 },
        py: 0.75,
        '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.35)' },
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 1 },
      }}
    >
      <SearchIcon fontSize="small" />
      <Box
        component="span"
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'block' },
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        Search or jump to…
      </Box>
      <Box
        component="kbd"
        id={hintId}
        sx={{
          display: { xs: 'none', md: 'block' },
          font: 'inherit',
          fontSize: '0.75rem',
          border: '1px solid rgba(255, 255, 255, 0.6)',
          borderRadius: 0.5,
          px: 0.5,
          whiteSpace: 'nowrap',
        }}
      >
        {shortcut}
      </Box>
    </Box>
  );
}
