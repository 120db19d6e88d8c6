import type { PaletteItem, PaletteSource } from '../../lib/group-manifest';
import { links } from '../../lib/links';
import { isUuid, normalizeUuid, uuidKind, uuidKindLabels } from '../../lib/uuid-kind';
import { groups } from '../groups';
import type { NavigationEntry } from '../navigation';

export type { PaletteItem } from '../../lib/group-manifest';

/** A palette source with its answer so far (undefined while it loads or when it failed). */
export interface SourceData {
  source: PaletteSource;
  data: unknown;
}

/** Every page and resource the palette knows, pages first, then each group's items in order. */
export function paletteItems(pages: readonly NavigationEntry[], lists: readonly SourceData[] = []) {
  const items: PaletteItem[] = pages.map((page) => ({
    id: `page:${page.to}`,
    kind: 'Page',
    label: page.label,
    detail: page.description,
    to: page.to,
    keywords: [page.label.toLowerCase()],
  }));
  const labels = new Map<string, string>();
  for (const { source, data } of lists) {
    if (data === undefined) continue;
    for (const item of source.items(data, (to) => labels.get(to))) {
      items.push(item);
      if (!labels.has(item.to)) labels.set(item.to, item.label);
    }
  }
  return items;
}

/** What a pasted UUID opens, from its type prefix; null for text that is not a UUID. */
export function uuidItem(query: string): PaletteItem | null {
  if (!isUuid(query)) return null;
  const uuid = normalizeUuid(query);
  const kind = uuidKind(uuid);
  const page = kind ? groups.find((group) => group.resource?.kind === kind)?.resource : undefined;
  const kindLabel = kind ? uuidKindLabels[kind] : 'Unknown type';
  return {
    id: `uuid:${uuid}`,
    kind: kindLabel,
    label: page ? `Open ${kindLabel.toLowerCase()} ${uuid}` : `Find ${uuid} in the audit log`,
    detail: page
      ? `${kindLabel}, from the UUID’s prefix`
      : `${kindLabel}: the panel has no page for it; its audit events`,
    to: page ? page.page(uuid) : links.auditLogs({ q: uuid }),
    uuid,
    keywords: [uuid],
  };
}

export const resultLimit = 50;

/**
 * The items matching `query` (every word somewhere in an item's keywords), best first: a name
 * that starts with the query before one that contains it; the list's order otherwise.
 */
export function matchItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const text = query.trim().toLowerCase();
  const scored = items
    .map((item, index) => {
      if (!words.every((word) => item.keywords.some((keyword) => keyword.includes(word)))) {
        return null;
      }
      const label = item.label.toLowerCase();
      const rank = label === text ? 0 : label.startsWith(text) ? 1 : 2;
      return { item, rank, index };
    })
    .filter((entry) => entry !== null);
  scored.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return scored.slice(0, resultLimit).map((entry) => entry.item);
}
