import HistoryIcon from '@mui/icons-material/History';
import { defineGroup } from '../../lib/group-manifest';
import { auditLogsHeading } from './headings';

/**
 * A view of the audit log page. Its filters live in the URL (`q`, `action`, `origin`, `type`,
 * `from`, `to` as UTC dates, `limit`, `offset`, `event` for the open event), so any view of it
 * can be linked.
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

const auditLogs = '/audit-logs';
const paths = {
  auditLogs: (link: AuditLogLink = {}) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(link) as [string, string | string[] | undefined][]) {
      if (Array.isArray(value)) for (const item of value) query.append(key, item);
      else if (value) query.set(key, value);
    }
    const text = query.toString();
    return text ? `${auditLogs}?${text}` : auditLogs;
  },
};

export const auditLogsGroup = defineGroup({
  name: 'audit-logs',
  paths,
  load: () => import('./audit-logs-page'),
  pages: [
    {
      path: paths.auditLogs(),
      label: 'Audit log',
      page: 'AuditLogsPage',
      prefetch: () => import('./prefetch'),
      heading: auditLogsHeading,
      description: 'Who changed what, when and from where; export up to 180 days.',
      icon: HistoryIcon,
      section: 'Security',
      shortcut: 'a',
    },
  ],
});
