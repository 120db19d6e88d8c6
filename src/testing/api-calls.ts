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
