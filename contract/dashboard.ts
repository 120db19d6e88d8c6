import { z } from 'zod/mini';
import { endpoint, problemEndpoint } from './endpoint';

/*
 * The dashboard's reads, parsed for the few fields it shows: the dashboard is on the first-load
 * budget, and the groups' full schemas (contract/server.ts, storage.ts, audit-log.ts, billing.ts)
 * load with their pages. The same list endpoints the groups read (api-reference-notes §2.1, §3.1,
 * §10.3, §12). A state is any string: one the panel does not know yet still shows.
 */

const itemSchema = z.object({ uuid: z.string(), title: z.string(), state: z.string() });
export type DashboardItem = z.infer<typeof itemSchema>;

/** `limit` and `offset` of a storage list page (api-reference-notes §1.6). */
const pageQuerySchema = z.object({ limit: z.string(), offset: z.string() });

export const dashboardEndpoints = {
  /** Without `limit`, every server (api-reference-notes §1.6). */
  servers: endpoint(
    'GET /server',
    z.object({ servers: z.object({ server: z.array(itemSchema) }) }),
    [400],
  ),
  /** The account's own storages, at most 100 a page (api-reference-notes §1.6). */
  storages: endpoint(
    'GET /storage/private',
    z.object({ storages: z.object({ storage: z.array(itemSchema) }) }),
    [400],
    { query: pageQuerySchema },
  ),
  activity: problemEndpoint(
    'GET /audit-logs',
    z.object({
      audit_logs: z.array(
        z.object({
          time: z.string(),
          cloud_event_id: z.string(),
          account_username: z.string(),
          resource_type: z.string(),
          action: z.string(),
        }),
      ),
    }),
    [400],
    { query: z.object({ limit: z.string() }) },
  ),
  spend: endpoint(
    'GET /account/billing/summary/:month',
    z.object({ currency: z.string(), total_amount: z.number() }),
    [400, 403],
  ),
};
