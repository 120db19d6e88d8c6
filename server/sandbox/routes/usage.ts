import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { toCsv } from '../../../contract/csv';
import {
  networkUsageCsvColumns,
  resourceNetworkUsageCsvColumns,
  usageEndpoints,
} from '../../../contract/usage';
import type { networkUsageQuerySchema } from '../../../contract/usage';
import type { RouteModule } from '../domain';
import { hourMs } from '../billing';
import { zoneIds } from '../catalog';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { principalOf, requireBillingRole } from '../http/principal';
import { negotiate } from '../http/formats';
import { rfc3339 } from '../clock';

const maxJsonWindowMs = 31 * 24 * hourMs;
const gib = 2 ** 30;
/** Network Transfer Pool quota an account gains an hour (about 7.5 TiB a month). */
const hourlyQuotaBytes = Math.round((7500 * gib) / 730);
const serverServices = ['server_public', 'server_private'] as const;

/** Bytes a resource sent on a service in the hour starting at `hour`: fixed by a hash. */
export function trafficBytes(resourceId: string, service: string, hour: number): number {
  const digest = crypto.createHash('sha256').update(`${resourceId}|${service}|${hour}`).digest();
  const scale = service === 'server_public' ? 50_000_000 : 5_000_000;
  return digest.readUInt32BE(0) % scale;
}

interface Stat {
  resource_id: string;
  service: string;
  zone: string;
  start_time: string;
  sent_bytes: number;
}

/** EUR value of each currency unit (fixed sandbox rates). */
const eurRates: Record<string, number> = { EUR: 1, GBP: 0.85, SGD: 1.45, USD: 1.08 };
const ratesUpdated = '2026-01-01T00:00:00Z';

/** GPU plans each zone can still start (sandbox constants). */
const deviceStock: Record<string, Record<string, Record<string, { amount: number }>>> = {
  'fi-hel2': {
    gpu_plans: {
      'GPU-8xCPU-64GB-1xL40S': { amount: 12 },
      'GPU-12xCPU-128GB-1xL40S': { amount: 4 },
    },
  },
  'de-fra1': { gpu_plans: { 'GPU-8xCPU-64GB-1xL40S': { amount: 6 } } },
};

/** Network usage (api-reference-notes §10.4; api-rules §4.2, §8), currency and device availability (§13). */
export const usageRoutes: RouteModule = (scope, context) => {
  const { billing, clock, servers } = context;

  /**
   * The stretches [start, end) a server ran, from its events: a stopped server sends nothing.
   * A server without events (one deleted since) counts as running all its life.
   */
  function runningStretches(serverUuid: string): { start: number; end: number }[] | undefined {
    const events = servers.events(serverUuid, 0, 100_000).reverse();
    if (events.length === 0) return undefined;
    const stretches: { start: number; end: number }[] = [];
    let since: number | null = null;
    for (const event of events) {
      const at = Date.parse(event.time);
      if (event.type === 'server_start' && since === null) since = at;
      if ((event.type === 'server_shutdown' || event.type === 'server_stop') && since !== null) {
        stretches.push({ start: since, end: at });
        since = null;
      }
    }
    if (since !== null) stretches.push({ start: since, end: Infinity });
    return stretches;
  }

  function window(request: FastifyRequest, query: z.output<typeof networkUsageQuerySchema>) {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    if (!(to > from)) {
      throw new ApiProblem(400, 'TIME_RANGE_INVALID', 'The time `to` must be later than `from`.');
    }
    const csv = negotiate(request.headers.accept, ['json', 'xml', 'csv']) === 'csv';
    if (!csv && to - from > maxJsonWindowMs) {
      throw new ApiProblem(
        400,
        'TIME_RANGE_TOO_LONG',
        'A JSON answer covers at most 31 days; ask for text/csv for a longer window.',
      );
    }
    if (query.zone !== undefined && !zoneIds.has(query.zone)) {
      throw new ApiProblem(400, 'ZONE_INVALID', `The zone ${query.zone} does not exist.`);
    }
    return { ...query, fromMs: from, toMs: to, csv };
  }

  /** Hourly traffic of every resource for the hours it existed in the window, oldest first. */
  function hourlyStats(request: FastifyRequest, query: ReturnType<typeof window>): Stat[] {
    const { owner } = principalOf(request);
    const now = clock.now().getTime();
    const first = Math.floor(query.fromMs / hourMs) * hourMs;
    const last = Math.min(query.toMs, now);
    const stats: Stat[] = [];
    for (const period of billing.periods(owner.id, first)) {
      if (period.type !== 'server') continue;
      if (query.zone && period.zone !== query.zone) continue;
      if (query.resource_id && period.resource_id !== query.resource_id) continue;
      const start = Math.max(first, Math.floor(period.start / hourMs) * hourMs);
      const end = Math.min(last, period.end ?? now);
      const running = runningStretches(period.resource_id);
      for (let hour = start; hour < end; hour += hourMs) {
        if (running && !running.some((run) => run.start < hour + hourMs && run.end > hour)) {
          continue;
        }
        for (const service of serverServices) {
          if (query.service && query.service !== service) continue;
          stats.push({
            resource_id: period.resource_id,
            service,
            zone: period.zone,
            start_time: rfc3339(new Date(hour)),
            sent_bytes: trafficBytes(period.resource_id, service, hour),
          });
        }
      }
    }
    // A resource whose billed attributes changed mid-hour has two periods in that hour.
    const seen = new Set<string>();
    return stats.filter((stat) => {
      const key = `${stat.resource_id}|${stat.service}|${stat.start_time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  function accumulate(stats: Stat[], by: 'hour' | 'day' | undefined): Stat[] {
    if (by !== 'day') return stats;
    const days = new Map<string, Stat>();
    for (const stat of stats) {
      const day = `${stat.start_time.slice(0, 10)}T00:00:00Z`;
      const key = `${stat.resource_id}|${stat.service}|${day}`;
      const sum = days.get(key);
      if (sum) sum.sent_bytes += stat.sent_bytes;
      else days.set(key, { ...stat, start_time: day });
    }
    return [...days.values()];
  }

  /** The answer in the negotiated format: the JSON body, or the rows as CSV. */
  function send<Json>(
    reply: FastifyReply,
    csv: boolean,
    columns: readonly string[],
    rows: readonly object[],
    json: Json,
  ): Json | FastifyReply {
    if (!csv) return json;
    const cells = rows.map((row) =>
      columns.map((column) => (row as Record<string, string | number | undefined>)[column]),
    );
    // Lines end in LF as this sandbox has always answered; fields are quoted where needed.
    const text = toCsv([columns, ...cells], { newline: '\n' });
    return reply.type('text/csv; charset=utf-8').send(text);
  }

  handle(scope, usageEndpoints.resourceNetworkUsage, async ({ request, reply, query }) => {
    requireBillingRole(request);
    const range = window(request, query);
    const stats = accumulate(hourlyStats(request, range), range.accumulate);
    return send(reply, range.csv, resourceNetworkUsageCsvColumns, stats, {
      stats: { stat: stats },
    });
  });

  handle(scope, usageEndpoints.networkTopUsage, async ({ request, reply, query }) => {
    requireBillingRole(request);
    const range = window(request, query);
    const totals = new Map<string, Stat>();
    for (const stat of hourlyStats(request, range)) {
      const key = `${stat.resource_id}|${stat.service}`;
      const sum = totals.get(key);
      if (sum) sum.sent_bytes += stat.sent_bytes;
      else totals.set(key, { ...stat, start_time: rfc3339(new Date(range.fromMs)) });
    }
    const top = [...totals.values()].sort((a, b) => b.sent_bytes - a.sent_bytes).slice(0, 10);
    return send(reply, range.csv, resourceNetworkUsageCsvColumns, top, { stats: { stat: top } });
  });

  handle(scope, usageEndpoints.networkUsage, async ({ request, reply, query }) => {
    requireBillingRole(request);
    const range = window(request, query);
    const publicOnly = hourlyStats(request, { ...range, service: 'server_public' });
    const buckets = new Map<string, number>();
    for (const stat of accumulate(publicOnly, range.accumulate)) {
      buckets.set(stat.start_time, (buckets.get(stat.start_time) ?? 0) + stat.sent_bytes);
    }
    const step = range.accumulate === 'day' ? 24 : 1;
    let total = 0;
    const rows = [...buckets.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([start_time, sent_bytes]) => {
        total += sent_bytes;
        const hoursIn =
          (Date.parse(start_time) -
            Date.UTC(
              new Date(start_time).getUTCFullYear(),
              new Date(start_time).getUTCMonth(),
              1,
            )) /
            hourMs +
          step;
        return {
          start_time,
          sent_bytes,
          total_sent_bytes: total,
          accumulated_quota_bytes: hoursIn * hourlyQuotaBytes,
          projected_monthly_quota_bytes: 730 * hourlyQuotaBytes,
          quota_increase_bytes: step * hourlyQuotaBytes,
        };
      });
    return send(reply, range.csv, networkUsageCsvColumns, rows, { stats: { stat: rows } });
  });

  handle(scope, usageEndpoints.currentNetworkUsage, async ({ request }) => {
    requireBillingRole(request);
    const now = clock.now();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const hour = Math.floor(now.getTime() / hourMs) * hourMs;
    const stats = hourlyStats(request, {
      from: '',
      to: '',
      fromMs: monthStart,
      toMs: hour,
      csv: false,
      service: 'server_public',
    });
    return {
      stats: {
        current_network_usage: {
          updated: rfc3339(new Date(hour)),
          accumulated_quota_bytes: ((hour - monthStart) / hourMs) * hourlyQuotaBytes,
          total_sent_bytes: stats.reduce((sum, stat) => sum + stat.sent_bytes, 0),
          hourly_quota_increase_bytes: hourlyQuotaBytes,
          projected_monthly_quota_bytes: 730 * hourlyQuotaBytes,
        },
      },
    };
  });

  handle(scope, usageEndpoints.currency, async ({ request }) => {
    const { owner } = principalOf(request);
    const base = eurRates[owner.currency] ?? 1;
    return {
      currencies: {
        currency: Object.entries(eurRates).map(([code, rate]) => ({
          code,
          rate: Math.round(((0.01 * rate) / base) * 1e8) / 1e8,
          updated: ratesUpdated,
        })),
      },
    };
  });

  handle(
    scope,
    usageEndpoints.deviceAvailability,
    async ({ request, query: { zone, type } }) => {
      principalOf(request);
      if (zone !== undefined && !zoneIds.has(zone)) {
        throw new ApiProblem(400, 'ZONE_INVALID', `The zone ${zone} does not exist.`);
      }
      if (type !== undefined && type !== 'gpu_plans') {
        throw new ApiProblem(
          400,
          'TYPE_INVALID',
          `The device type ${type} is not known; use gpu_plans.`,
        );
      }
      const result: Record<string, Record<string, Record<string, { amount: number }>>> = {};
      for (const [id, devices] of Object.entries(deviceStock)) {
        if (zone !== undefined && id !== zone) continue;
        result[id] = devices;
      }
      return result;
    },
    { config: { xmlRoot: 'availability' } },
  );
};
