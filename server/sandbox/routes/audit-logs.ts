import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { safeParse } from 'zod';
import { rfc3339 } from '../clock';
import type { core } from 'zod';
import type { z } from 'zod/mini';
import {
  auditActions,
  auditCsvColumns,
  auditExportMaxDays,
  auditLogEndpoints,
  auditOrigins,
  auditReferenceResourceTypes,
  cloudEventIdPattern,
  exportRangeDays,
} from '../../../contract/audit-log';
import type { AuditLog, auditLogFilterQuerySchema } from '../../../contract/audit-log';
import { toCsv } from '../../../contract/csv';
import type { RouteModule } from '../domain';
import type { EndpointRouteOptions } from '../http/endpoint-route';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { principalOf } from '../http/principal';
import type { AuditQuery, AuditScope } from '../store/audit-logs';
import { auditLogRecord, createAuditLogRepository } from '../store/audit-logs';

/** A query parameter the client got wrong, as the RFC 7807 family reports it (api-reference-notes §1.4). */
const badParameter = (name: string, reason: string) =>
  new ApiProblem(400, 'BAD_REQUEST', `Invalid parameter ${name}: ${reason}`, {}, [
    { name, reason },
  ]);

/** Reads a query against its contract schema; a failure names the parameter at fault. */
function readQuery(request: FastifyRequest, schema: core.$ZodType): unknown {
  const result = safeParse(schema, request.query ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw badParameter(String(issue.path[0] ?? 'query'), issue.message);
}
const parameters: EndpointRouteOptions = { readQuery };

/** Stored times have whole seconds; both bounds are inclusive (api-reference-notes §12). */
const ceilSecond = (date: Date) => new Date(Math.ceil(date.getTime() / 1000) * 1000);

function toQuery(filters: z.output<typeof auditLogFilterQuerySchema>): AuditQuery {
  const { created_after: after, created_before: before } = filters;
  if (after && before && after.getTime() > before.getTime()) {
    throw badParameter('created_after', 'created_after must not be later than created_before.');
  }
  return {
    ...(filters.q === undefined ? {} : { q: filters.q }),
    ...(filters.actions ? { actions: filters.actions } : {}),
    ...(filters.origins ? { origins: filters.origins } : {}),
    ...(filters.resource_types ? { resourceTypes: filters.resource_types } : {}),
    ...(after ? { after: rfc3339(ceilSecond(after)) } : {}),
    ...(before ? { before: rfc3339(before) } : {}),
  };
}

/**
 * Who sees which rows: rows are kept under the main account (audit.ts records `owner`), so a
 * main account sees its own and its subaccounts' actions; a subaccount sees only its own, from
 * its creation on: a deleted subaccount's rows are not shown to a new one that reuses the name.
 */
function scopeOf(request: FastifyRequest): AuditScope {
  const { account, owner } = principalOf(request);
  return account.id === owner.id
    ? { accountId: owner.id }
    : {
        accountId: owner.id,
        username: account.username,
        since: rfc3339(new Date(account.created_at)),
      };
}

/** A CSV row of a record: the row fields as they are, states as JSON text. */
const csvRow = (record: AuditLog) =>
  auditCsvColumns.map((column) => {
    const value = record[column];
    return typeof value === 'object' ? JSON.stringify(value) : value;
  });

/** Rows read and written at a time by an export. */
const exportBatch = 500;

/** Audit logs (api-rules §4.8, api-reference-notes §12): read-only views of the rows audit.ts writes. */
export const auditLogRoutes: RouteModule = (scope, context) => {
  const repository = createAuditLogRepository(context.db);

  handle(
    scope,
    auditLogEndpoints.list,
    async ({ request, reply, query }) => {
      const page = repository.page(scopeOf(request), toQuery(query), query.limit, query.offset);
      reply.header('Service-Total-Count', String(page.total));
      return { audit_logs: page.rows.map(auditLogRecord) };
    },
    parameters,
  );

  handle(scope, auditLogEndpoints.filterOptions, async ({ request }) => {
    const present = repository.presentValues(principalOf(request).owner.id);
    const merged = (known: readonly string[], seen: string[]) =>
      [...known, ...seen.filter((value) => !known.includes(value))].sort();
    return {
      resource_types: merged(auditReferenceResourceTypes, present.resourceTypes),
      actions: merged(auditActions, present.actions),
      origins: [...auditOrigins],
    };
  });

  handle(
    scope,
    auditLogEndpoints.export,
    async ({ request, reply, query }) => {
      const now = context.clock.now();
      const days = exportRangeDays(query.created_after, query.created_before, now);
      if (days > auditExportMaxDays) {
        throw badParameter(
          'created_after',
          `An export covers at most ${auditExportMaxDays} days; this range is ${Math.ceil(days)} days.`,
        );
      }
      const filters = toQuery({
        ...query,
        created_after:
          query.created_after ??
          new Date((query.created_before ?? now).getTime() - auditExportMaxDays * 86_400_000),
      });
      // Only the ids are held; rows are read and written a batch at a time, so an export of many
      // rows never builds its whole answer in memory (and the database is free between batches).
      const ids: string[] = [];
      for (const row of repository.iterate(scopeOf(request), filters)) ids.push(row.cloud_event_id);
      const stamp = rfc3339(now).replace(/[-:]/g, '');
      reply.header(
        'Content-Disposition',
        `attachment; filename="audit-logs-${stamp}.${query.format}"`,
      );
      const json = query.format === 'json';
      async function* body() {
        yield json ? '{"audit_logs":[' : toCsv([auditCsvColumns]);
        let written = 0;
        for (let start = 0; start < ids.length; start += exportBatch) {
          const records = ids
            .slice(start, start + exportBatch)
            .map((id) => repository.findById(id))
            .filter((row) => row !== undefined)
            .map(auditLogRecord);
          if (records.length === 0) continue;
          if (json) {
            const items = records.map((record) => JSON.stringify(record)).join(',');
            yield written === 0 ? items : `,${items}`;
          } else {
            yield toCsv(records.map(csvRow));
          }
          written += records.length;
        }
        if (json) yield ']}';
      }
      // `format` chooses the file whatever Accept asked for (an XML Accept has set an XML
      // serializer on the reply, which a stream bypasses).
      return reply
        .type(json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .send(Readable.from(body()));
    },
    parameters,
  );

  handle(
    scope,
    auditLogEndpoints.get,
    async ({ request, params }) => {
      const id = params.cloudEventId;
      if (!cloudEventIdPattern.test(id)) {
        throw badParameter(
          'cloudEventID',
          'An event id is a ULID: 26 characters of Crockford base32.',
        );
      }
      const row = repository.findById(id);
      const visible = scopeOf(request);
      if (!row) {
        throw new ApiProblem(
          404,
          'RESOURCE_NOT_FOUND',
          `The audit log event ${id} does not exist.`,
        );
      }
      if (
        row.account_id !== visible.accountId ||
        (visible.username !== undefined && row.account_username !== visible.username) ||
        (visible.since !== undefined && row.time < visible.since)
      ) {
        throw new ApiProblem(
          403,
          'FORBIDDEN',
          `The audit log event ${id} belongs to another account.`,
        );
      }
      return auditLogRecord(row);
    },
    { config: { xmlRoot: 'audit_log' } },
  );
};
