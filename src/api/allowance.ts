import { useQuery } from '@tanstack/react-query';
import { accountQueries } from './account';

/**
 * The account's limits and what it uses of them, for the remaining allowance a create form shows
 * (both undefined until loaded). A module of its own, so the first load does not carry it.
 */
export function useAllowance() {
  const account = useQuery(accountQueries.detail());
  // Counted afresh whenever a form opens: what was created a moment ago counts.
  const usage = useQuery({ ...accountQueries.resourceUsage(), staleTime: 0 });
  return { limits: account.data?.resource_limits, usage: usage.data };
}
