import { auditLogQueries } from '../../api/audit-logs';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { auditListParams, dateRangeError, readAuditLogView, thisVisitMs } from './audit-log-params';
import { prefetchResourceNames } from './audit-resource-names';

/**
 * The audit log page's rows and filter options, read as `AuditLogsPage` reads them, and once the
 * rows are in, the lists that name their resources (`useAuditResourceNames`): after the page had
 * rendered, those reads came after its first paint.
 */
export const prefetch: RoutePrefetch = (client, _params, search) => {
  void client.prefetchQuery(auditLogQueries.filterOptions());
  const view = readAuditLogView(search);
  // The page sends no read for dates the wrong way round (the API refuses them).
  if (dateRangeError(view)) return;
  const list = auditLogQueries.list(auditListParams(view));
  // The page's own read may have come first (its code was loaded already): not twice.
  void client.prefetchQuery({ ...list, staleTime: thisVisitMs }).then(() => {
    const rows = client.getQueryData(list.queryKey)?.rows;
    if (rows) prefetchResourceNames(client, rows);
  });
};
