import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  auditActions,
  auditCsvColumns,
  auditExportFormats,
  auditExportMaxDays,
  auditLogDefaultLimit,
  auditLogMaxLimit,
  auditOrigins,
  auditResourceTypes,
  cloudEventIdPattern,
  exportRangeDays,
} from '../../../contract/audit-log';
import type { AuditLog } from '../../../contract/audit-log';
import type { RouteModule } from '../api';
import { ApiProblem } from '../http/errors';
import { principalOf } from '../http/principal';
import type { AuditQuery, AuditScope } from '../store/audit-logs';
import { auditLogRecord, createAuditLogRepository } from '../store/audit-logs';

/** A query parameter the client got wrong, as the RFC 7807 family reports it (reference §1.4). */
const badParameter = (name: string, reason: string) =>
  new ApiProblem(400, 'BAD_REQUEST', `Invalid parameter ${name}: ${reason}`, {}, [
    { name, reason },
  ]);

/** Arrays arrive repeated (`actions=a&actions=b`, the OpenAPI default) or comma-separated. */
const listParam = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => String(item).split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  z.array(z.string().regex(/^[a-z0-9_-]{1,64}$/, 'Use lowercase names such as create or server.')),
);

const timestamp = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((text) => new Date(text));

const one = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);

const filterSchema = z.object({
  q: z.preprocess(one, z.string().trim().min(1).max(255).optional()),
  actions: listParam.optional(),
  origins: listParam
    .refine(
      (values) => values.every((value) => (auditOrigins as readonly string[]).includes(value)),
      {
        message: `Origins are ${auditOrigins.join(', ')}.`,
      },
    )
    .optional(),
  resource_types: listParam.optional(),
  created_after: z.preprocess(one, timestamp.optional()),
  created_before: z.preprocess(one, timestamp.optional()),
});

const listSchema = filterSchema.extend({
  limit: z.preprocess(
    one,
    z.coerce.number().int().min(1).max(auditLogMaxLimit).default(auditLogDefaultLimit),
  ),
  offset: z.preprocess(one, z.coerce.number().int().min(0).default(0)),
});

const exportSchema = filterSchema.extend({
  format: z.preprocess(one, z.enum(auditExportFormats).default('csv')),
});

function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw badParameter(String(issue.path[0] ?? 'query'), issue.message);
}

/** Stored times have whole seconds; both bounds are inclusive (reference §12). */
const storedTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const ceilSecond = (date: Date) => new Date(Math.ceil(date.getTime() / 1000) * 1000);

function toQuery(filters: z.output<typeof filterSchema>): AuditQuery {
  const { created_after: after, created_before: before } = filters;
  if (after && before && after.getTime() > before.getTime()) {
    throw badParameter('created_after', 'created_after must not be later than created_before.');
  }
  return {
    ...(filters.q === undefined ? {} : { q: filters.q }),
    ...(filters.actions ? { actions: filters.actions } : {}),
    ...(filters.origins ? { origins: filters.origins } : {}),
    ...(filters.resource_types ? { resourceTypes: filters.resource_types } : {}),
    ...(after ? { after: storedTime(ceilSecond(after)) } : {}),
    ...(before ? { before: storedTime(before) } : {}),
  };
}

/**
 * Who sees which rows: rows are kept under the main account (audit.ts records `owner`), so a
 * main account sees its own and its subaccounts' actions; a subaccount sees only its own.
 */
function scopeOf(request: FastifyRequest): AuditScope {
  const { account, owner } = principalOf(request);
  return account.id === owner.id
    ? { accountId: owner.id }
    : { accountId: owner.id, username: account.username };
}

const csvCell = (value: unknown) => {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // A leading =, +, - or @ would make a spreadsheet evaluate the cell (CSV injection).
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const csvLine = (record: AuditLog) =>
  auditCsvColumns.map((column) => csvCell(record[column])).join(',');

/** Audit logs (spec §4.8, reference §12): read-only views of the rows audit.ts writes. */
export const auditLogRoutes: RouteModule = (scope, context) => {
  const repository = createAuditLogRepository(context.db);

  scope.get('/audit-logs', async (request, reply) => {
    const query = parseQuery(listSchema, request.query);
    const page = repository.page(scopeOf(request), toQuery(query), query.limit, query.offset);
    reply.header('Service-Total-Count', String(page.total));
    return { audit_logs: page.rows.map(auditLogRecord) };
  });

  scope.get('/audit-logs/filter-options', async (request) => {
    const present = repository.presentValues(principalOf(request).owner.id);
    const merged = (known: readonly string[], seen: string[]) =>
      [...known, ...seen.filter((value) => !known.includes(value))].sort();
    return {
      resource_types: merged(auditResourceTypes, present.resourceTypes),
      actions: merged(auditActions, present.actions),
      origins: [...auditOrigins],
    };
  });

  scope.get('/audit-logs/export', { config: { formats: ['csv'] } }, async (request, reply) => {
    const query = parseQuery(exportSchema, request.query);
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
    const records: AuditLog[] = [];
    for (const row of repository.iterate(scopeOf(request), filters)) {
      records.push(auditLogRecord(row));
    }
    const stamp = storedTime(now).replace(/[-:]/g, '');
    reply.header(
      'Content-Disposition',
      `attachment; filename="audit-logs-${stamp}.${query.format}"`,
    );
    // `format` chooses the file whatever Accept asked for, so the body is written here and
    // passed through (an XML Accept has set an XML serializer on the reply).
    reply.serializer((payload) => payload as string);
    if (query.format === 'json') {
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ audit_logs: records }));
    }
    const lines = [auditCsvColumns.join(','), ...records.map(csvLine)];
    return reply.type('text/csv; charset=utf-8').send(`${lines.join('\r\n')}\r\n`);
  });

  scope.get<{ Params: { cloudEventId: string } }>(
    '/audit-logs/:cloudEventId',
    { config: { xmlRoot: 'audit_log' } },
    async (request) => {
      const id = request.params.cloudEventId;
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
        (visible.username !== undefined && row.account_username !== visible.username)
      ) {
        throw new ApiProblem(
          403,
          'FORBIDDEN',
          `The audit log event ${id} belongs to another account.`,
        );
      }
      return auditLogRecord(row);
    },
  );
};
