import { auditLogQueries } from '../../api/audit-logs';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { auditListParams, readAuditLogView } from './audit-log-params';

/** The audit log page's rows and filter options, read as `AuditLogsPage` reads them. */
export const prefetch: RoutePrefetch = (client, _params, search) => {
  void client.prefetchQuery(auditLogQueries.list(auditListParams(readAuditLogView(search))));
  void client.prefetchQuery(auditLogQueries.filterOptions());
};
