import { countOf } from '../../lib/format';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { accountQueries } from '../../api/account';
import { useAuth } from '../../auth/auth-context';
import { isUuid, uuidKindLabels } from '../../lib/uuid-kind';
import { searchOf } from '../group-search';
import { detailPageOf, groups } from '../groups';
import { navigationEntries } from '../navigation';
import { receiveTyped, takePendingEnter, takePendingQuery } from './palette-opener';
import { matchItems, paletteItems, uuidItem } from './palette-items';
import type { PaletteItem } from './palette-items';
import { addRecentItem, readRecentItems } from './recent-items';

/** What a recorded detail-page visit shows, until the palette finds the resource by its path. */
const kindOfPath = (to: string) => {
  const resource = detailPageOf(to);
  return resource ? uuidKindLabels[resource.kind] : 'Page';
};

/** Each group's palette source, in the groups' order. */
const sources = groups.flatMap((group) => searchOf(group)?.palette ?? []);

interface Section {
  title: string;
  items: PaletteItem[];
}

/** Lists searched on the server (storage: it can be long) wait until typing settles. */
function useSettled(value: string, delayMs = 200) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Everything the palette searches, with what is still loading and what failed. */
function usePaletteSources(query: string) {
  const isPartner = !!useQuery(accountQueries.partner()).data;
  const wanted = isUuid(query) ? '' : query.trim();
  const search = useSettled(wanted);
  const results = useQueries({ queries: sources.map((source) => source.query(search)) });
  const items = paletteItems(
    navigationEntries.filter((entry) => !entry.partnerOnly || isPartner),
    sources.map((source, index) => ({ source, data: results[index]?.data })),
  );
  return {
    items,
    loading: results.some((result) => result.isPending) || search !== wanted,
    failed: sources.filter((_, index) => results[index]?.isError).map((source) => source.title),
  };
}

interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Ctrl/Cmd+K: jump to a page or a resource by its name, hostname, IP address or UUID (the type
 * read from the UUID's prefix). A combobox over a listbox (WAI-ARIA APG): focus stays in the
 * input, arrow keys move the active option, Enter opens it, Escape closes.
 */
export function CommandPalette({ open, onClose }: CommandPaletteProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="command-palette-title"
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      {open && <PaletteBody onClose={onClose} />}
    </Dialog>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const username = useAuth().session?.username ?? '';
  const [query, setQuery] = useState(takePendingQuery);
  const [active, setActive] = useState(0);
  const [opening, setOpening] = useState(false);
  const [recent] = useState(() => readRecentItems(username));
  const { items, loading, failed } = usePaletteSources(query);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const sections = useMemo<Section[]>(() => {
    if (query.trim() === '') {
      const byPath = new Map(items.map((item) => [item.to, item]));
      const recentItems = recent.map((entry, index) => {
        const known = byPath.get(entry.to);
        const kind = entry.kind ?? known?.kind ?? kindOfPath(entry.to);
        return {
          id: `recent:${index}`,
          kind,
          label: entry.label ?? known?.label ?? `${kind} ${entry.to.split('/').pop()}`,
          detail: known?.detail,
          to: entry.to,
          keywords: [],
        };
      });
      return [
        { title: 'Recent', items: recentItems },
        { title: 'Pages', items: items.filter((item) => item.kind === 'Page') },
      ].filter((section) => section.items.length > 0);
    }
    const pasted = uuidItem(query);
    return [
      { title: 'UUID', items: pasted ? [pasted] : [] },
      { title: 'Results', items: matchItems(items, query) },
    ].filter((section) => section.items.length > 0);
  }, [items, query, recent]);

  const options = sections.flatMap((section) => section.items);
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    const element = listRef.current?.querySelector(`[id="${optionId(activeIndex)}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
    // optionId depends only on listId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  const openItem = async (item: PaletteItem) => {
    if (opening) return;
    if (item.uuid) {
      setOpening(true);
      try {
        const { resolveSearch } = await import('../resource-lookup');
        const target = await resolveSearch(item.uuid);
        if (username && !target.state) addRecentItem(username, { to: target.to, kind: item.kind });
        onClose();
        await navigate(target.to, { state: target.state });
      } finally {
        setOpening(false);
      }
      return;
    }
    if (username) addRecentItem(username, { to: item.to, kind: item.kind, label: item.label });
    onClose();
    await navigate(item.to);
  };

  // Keys typed on the app bar search while this loaded start the query, and an Enter among them
  // opens the best match; the focus moves here.
  useEffect(() => {
    inputRef.current?.focus();
    const item = options[activeIndex];
    // After this commit: opening changes state (Opening…) and navigates.
    if (takePendingEnter() && item) queueMicrotask(() => void openItem(item));
    return receiveTyped((typed) => setQuery((current) => current + typed));
    // Once, on opening: what was typed before it showed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((Math.max(activeIndex, 0) + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = options[activeIndex];
      if (item) void openItem(item);
    }
  };

  const trimmed = query.trim();
  let status = '';
  if (opening) status = 'Opening…';
  else if (trimmed && options.length === 0)
    status = loading ? 'Searching…' : `No page or resource matches “${trimmed}”.`;
  else if (trimmed) status = countOf(options.length, 'result');

  let index = -1;
  return (
    <>
      <Typography id="command-palette-title" component="h2" variant="h6" sx={{ px: 3, pt: 2 }}>
        Search or jump to
      </Typography>
      <Box sx={{ px: 3, py: 1, overflowY: 'auto' }}>
        <Box
          component="label"
          htmlFor={`${listId}-input`}
          sx={{ display: 'block', typography: 'body2', color: 'text.secondary', mb: 0.5 }}
        >
          Page, name, hostname, IP address or UUID
        </Box>
        <Box
          component="input"
          id={`${listId}-input`}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          sx={{
            width: '100%',
            font: 'inherit',
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'text.secondary',
            borderRadius: 1,
            px: 1.5,
            py: 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -1 },
          }}
        />
        <Typography
          role="status"
          variant="body2"
          color="text.secondary"
          sx={{ minHeight: '1.5em', mt: 1 }}
        >
          {status}
        </Typography>
        {failed.length > 0 && (
          <Typography variant="body2" color="error" sx={{ mb: 1 }}>
            Could not search {failed.join(', ')} (the API refused or did not answer); the rest is
            listed.
          </Typography>
        )}
        <Box
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label="Pages and resources"
          sx={{ maxHeight: '60vh', overflowY: 'auto' }}
        >
          {sections.map((section) => (
            <Box
              component="ul"
              key={section.title}
              role="group"
              aria-labelledby={`${listId}-${section.title}`}
              sx={{ listStyle: 'none', m: 0, mb: 1, p: 0 }}
            >
              <Typography
                component="li"
                id={`${listId}-${section.title}`}
                role="presentation"
                variant="overline"
                color="text.secondary"
                sx={{ display: 'block', px: 1 }}
              >
                {section.title}
              </Typography>
              {section.items.map((item) => {
                index += 1;
                const itemIndex = index;
                const selected = itemIndex === activeIndex;
                return (
                  <Box
                    component="li"
                    key={item.id}
                    id={optionId(itemIndex)}
                    role="option"
                    aria-selected={selected}
                    onMouseMove={() => setActive(itemIndex)}
                    onClick={() => void openItem(item)}
                    sx={{
                      display: 'flex',
                      alignItems: 'baseline',
                      gap: 1,
                      px: 1,
                      py: 0.75,
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: selected ? 'action.selected' : undefined,
                      outline: selected ? 2 : undefined,
                      outlineColor: 'primary.main',
                      outlineOffset: -2,
                    }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Box
                        component="span"
                        sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}
                      >
                        {item.label}
                      </Box>
                      {item.detail && (
                        <Typography
                          component="span"
                          variant="body2"
                          color="text.secondary"
                          sx={{ display: 'block', overflowWrap: 'anywhere' }}
                        >
                          {item.detail}
                        </Typography>
                      )}
                    </Box>
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      sx={{ flexShrink: 0 }}
                    >
                      {item.kind}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          ↑ ↓ to move, Enter to open, Escape to close. Press ? outside a text field for every
          shortcut.
        </Typography>
      </Box>
    </>
  );
}
