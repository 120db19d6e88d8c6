import { ApiError } from '../api/http';
import { links } from '../lib/links';
import { isUuid, normalizeUuid, uuidKind, uuidKindLabels } from '../lib/uuid-kind';
import { searchOf } from './group-search';
import { groups } from './groups';

export interface SearchTarget {
  to: string;
  /** Tells the audit log page that it shows the events of a resource that is gone. */
  state?: { missingResource: { uuid: string; kind: string } };
}

/**
 * Where the app bar search leads: a pasted UUID opens its resource (the group whose manifest
 * names its type), or that resource's audit events once it no longer exists (404, from the
 * group's fetcher); any other text (a username, an IP address) searches the audit log. A type
 * no group has a page for opens the audit log filtered by the UUID.
 */
export async function resolveSearch(text: string): Promise<SearchTarget> {
  const trimmed = text.trim();
  if (!isUuid(trimmed)) return { to: links.auditLogs({ q: trimmed }) };
  const uuid = normalizeUuid(trimmed);
  const kind = uuidKind(uuid);
  const group = kind ? groups.find((candidate) => candidate.resource?.kind === kind) : undefined;
  if (!kind || !group?.resource) return { to: links.auditLogs({ q: uuid }) };
  try {
    await searchOf(group)?.fetchResource?.(uuid);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return {
        to: links.auditLogs({ q: uuid }),
        state: { missingResource: { uuid, kind: uuidKindLabels[kind] } },
      };
    }
    // Any other failure (another account's resource, the network) is the detail page's to explain.
  }
  return { to: group.resource.page(uuid) };
}
