/**
 * Links into the audit log page. Its filters live in the URL (`q`, `action`, `origin`, `type`,
 * `from`, `to` as UTC dates, `limit`, `offset`, `event` for the open event), so any view of it
 * can be linked; components and features build links here, `app/paths.ts` spreads it in.
 */
export interface AuditLogLink {
  q?: string;
  action?: string[];
  origin?: string[];
  type?: string[];
  from?: string;
  to?: string;
  event?: string;
}

export const auditLogPaths = {
  auditLogs: (link: AuditLogLink = {}) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(link) as [string, string | string[] | undefined][]) {
      if (Array.isArray(value)) for (const item of value) query.append(key, item);
      else if (value) query.set(key, value);
    }
    const text = query.toString();
    return text ? `/audit-logs?${text}` : '/audit-logs';
  },
};
