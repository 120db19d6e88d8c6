import type { Endpoint } from '../../contract/endpoint';
import { endpointPath } from '../../contract/endpoint';
import { apiCallLog } from '../api/http';

/**
 * Marks the panel's API call log now. The function it returns lists the calls sent since the
 * mark whose path passes `matches` (all of them without it), so a test can count the requests
 * a page sent, and show that it sent none it should not.
 */
export function markApiCalls() {
  const since = apiCallLog.get().at(-1)?.seq ?? 0;
  return (matches: (path: string) => boolean = () => true) =>
    apiCallLog.get().filter((call) => call.seq > since && matches(call.path));
}

/**
 * Matches every path that starts as `endpoint`'s does with these parameters, up to its first
 * parameter not given: `pathsUnder(storageEndpoints.list)` every storage path,
 * `pathsUnder(serverEndpoints.events, { uuid })` every page of one server's events.
 */
export function pathsUnder(
  endpoint: Pick<Endpoint, 'path' | 'versions'>,
  params: Record<string, string> = {},
) {
  const open = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].find(
    ([, name]) => params[name!] === undefined,
  );
  const prefix = endpointPath({ ...endpoint, path: endpoint.path.slice(0, open?.index) }, params);
  return (path: string) => path.startsWith(prefix);
}
