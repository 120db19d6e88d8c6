import { auditLogQueries } from '../../api/audit-logs';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { auditListParams, readAuditLogView, thisVisitMs } from './audit-log-params';
import { prefetchResourceNames } from './audit-resource-names';

/**
 * The audit log page's rows and filter options, read as `AuditLogsPage` reads them, and once the
 * rows are in, the lists that name their resources (`useAuditResourceNames`): after the page had
 * rendered, those reads came after its first paint.
 */
export const prefetch: RoutePrefetch = (client, _params, search) => {
  const list = auditLogQueries.list(auditListParams(readAuditLogView(search)));
  // The page's own read may have come first (its code was loaded already): not twice.
  void client.prefetchQuery({ ...list, staleTime: thisVisitMs }).then(() => {
    const rows = client.getQueryData(list.queryKey)?.rows;
    if (rows) prefetchResourceNames(client, rows);
  });
  void client.prefetchQuery(auditLogQueries.filterOptions());
};
