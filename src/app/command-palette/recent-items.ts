/**
 * The last places opened through the command palette or visited as detail pages, newest first,
 * per user in localStorage.
 */
export interface RecentItem {
  /** Where the item leads; also what makes two items the same. */
  to: string;
  /** What it is, as a person would say it: "Server", "Page"; a visit records none. */
  kind?: string;
  /** The name shown; a visited detail page has none until the palette finds its resource. */
  label?: string;
}

export const recentItemLimit = 8;

const storageKey = (username: string) => `skydeck.recent.${username}`;

export function readRecentItems(username: string): RecentItem[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(username)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (item): item is RecentItem =>
        typeof item === 'object' && item !== null && typeof (item as RecentItem).to === 'string',
    );
  } catch {
    return [];
  }
}

export function addRecentItem(username: string, item: RecentItem) {
  const previous = readRecentItems(username).find((entry) => entry.to === item.to);
  const next = [
    { ...previous, ...item },
    ...readRecentItems(username).filter((entry) => entry.to !== item.to),
  ].slice(0, recentItemLimit);
  try {
    localStorage.setItem(storageKey(username), JSON.stringify(next));
  } catch {
    // A full or disabled storage only costs the list of recent items.
  }
}

/** Records a visit to a resource's detail page; the palette names it from its lists later. */
export function recordVisit(username: string, pathname: string) {
  addRecentItem(username, { to: pathname });
}
