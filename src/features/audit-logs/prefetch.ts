import { auditLogQueries } from '../../api/audit-logs';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { auditListParams, readAuditLogView, thisVisitMs } from './audit-log-params';

/** The audit log page's rows and filter options, read as `AuditLogsPage` reads them. */
export const prefetch: RoutePrefetch = (client, _params, search) => {
  // The page's own read may have come first (its code was loaded already): not twice.
  void client.prefetchQuery({
    ...auditLogQueries.list(auditListParams(readAuditLogView(search))),
    staleTime: thisVisitMs,
  });
  void client.prefetchQuery(auditLogQueries.filterOptions());
};
