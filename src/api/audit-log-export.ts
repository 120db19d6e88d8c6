import { useMutation } from '@tanstack/react-query';
import type { AuditExportFormat, AuditLogFilters } from '../../contract/audit-log';
import { exportAuditLogs } from './audit-logs';

// Apart from the audit log's reads, so the dashboard's activity does not load the mutation hook.
export function useExportAuditLogs() {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: AuditLogFilters; format: AuditExportFormat }) =>
      exportAuditLogs(filters, format),
  });
}
