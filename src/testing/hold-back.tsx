import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';

/**
 * Keeps the queries under each of `queryKeys` from running until the test fetches them itself:
 * answers that have not come yet, as a slow list's would be.
 */
export function HoldBack({ queryKeys, children }: { queryKeys: QueryKey[]; children: ReactNode }) {
  const client = useQueryClient();
  for (const queryKey of queryKeys) client.setQueryDefaults(queryKey, { enabled: false });
  return children;
}
