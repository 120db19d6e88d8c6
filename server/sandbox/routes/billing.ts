import type { FastifyRequest } from 'fastify';
import { billingEndpoints } from '../../../contract/billing';
import type { BillingSummary, LegacyBillingSummary } from '../../../contract/billing';
import type { RouteModule } from '../domain';
import type { BillingPeriod } from '../billing';
import { billedHours, hourMs } from '../billing';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { requireBillingRole } from '../http/principal';
import type { AccountRow } from '../store/accounts';

/**
 * `YYYY-MM` to the month's [start, end) in ms, or the API's 400: also for a month that has not
 * begun at `now`, which has nothing to bill yet.
 */
function parseMonth(text: string, now: Date): { from: number; to: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  // Before 1970 nothing was billed (and Date.UTC reads the years 0–99 as 1900–1999).
  if (!match || month < 1 || month > 12 || year < 1970) {
    throw new ApiProblem(
      400,
      'MONTH_INVALID',
      `The month ${text} is not valid; give it as YYYY-MM, for example 2026-01.`,
    );
  }
  const from = Date.UTC(year, month - 1, 1);
  if (from > now.getTime()) {
    throw new ApiProblem(
      400,
      'MONTH_INVALID',
      `The month ${text} has not begun; give this month (${now.toISOString().slice(0, 7)}) or an earlier one.`,
    );
  }
  return { from, to: Date.UTC(year, month, 1) };
}

/** Amounts in the account currency: credits are hundredths of it. */
const money = (credits: number) => Math.round(credits * 1000) / 100_000;

/** Types billed by size: their details show it (api-reference-notes §10.3). */
const storageTypes = new Set<BillingPeriod['type']>(['storage', 'backup', 'template']);

interface Line {
  period: BillingPeriod;
  hours: number;
  credits: number;
}

/** Billing (api-rules §4.2; api-reference-notes §10.3): amounts computed from the zone price lists. */
export const billingRoutes: RouteModule = (scope, context) => {
  const { accounts, billing, clock } = context;
  const { hourlyCost } = billing;

  /** The account whose bill is read: the caller's own, or a partner's associated account. */
  function billedAccount(request: FastifyRequest, username?: string): AccountRow {
    const { owner } = requireBillingRole(request);
    if (username === undefined || username === owner.username) return owner;
    const target = accounts.findByUsername(username);
    if (!target || target.partner_id === null || target.partner_id !== owner.id) {
      throw new ApiProblem(
        403,
        'ACCOUNT_FORBIDDEN',
        `The account ${username} is not associated with this account.`,
      );
    }
    return target;
  }

  function lines(account: AccountRow, from: number, to: number, resourceId?: string): Line[] {
    const now = clock.now().getTime();
    return billing
      .periods(account.id, from)
      .filter((period) => resourceId === undefined || period.resource_id === resourceId)
      .map((period) => {
        const hours = billedHours(period, from, to, now);
        return { period, hours, credits: hours * hourlyCost(period).total };
      })
      .filter((line) => line.hours > 0);
  }

  function detail({ period, hours }: Line) {
    const cost = hourlyCost(period);
    return {
      amount: money(cost.total * hours),
      hours,
      zone: period.zone,
      ...(period.plan ? { plan: period.plan } : {}),
      labels: period.labels,
      ...(period.type === 'server'
        ? {
            firewall: money(cost.firewall * hours),
            licenses: money(cost.license * hours),
            simple_backup: money(cost.simpleBackup * hours),
            cores: period.cores ?? 0,
            memory: period.memory ?? 0,
          }
        : storageTypes.has(period.type)
          ? { size: period.size ?? 0, ...(period.tier ? { tier: period.tier } : {}) }
          : {}),
    };
  }

  function summary(
    account: AccountRow,
    from: number,
    to: number,
    resourceId?: string,
  ): BillingSummary {
    const grouped = new Map<string, Map<string, Map<string, Line[]>>>();
    let total = 0;
    for (const line of lines(account, from, to, resourceId)) {
      const [category, kind] = billing.categoryOf(line.period.type);
      const kinds = grouped.get(category) ?? new Map<string, Map<string, Line[]>>();
      grouped.set(category, kinds);
      const resources = kinds.get(kind) ?? new Map<string, Line[]>();
      kinds.set(kind, resources);
      resources.set(line.period.resource_id, [
        ...(resources.get(line.period.resource_id) ?? []),
        line,
      ]);
      total += line.credits;
    }
    const body: Record<string, unknown> = {
      currency: account.currency,
      total_amount: money(total),
    };
    for (const [category, kinds] of grouped) {
      let categoryTotal = 0;
      const out: Record<string, unknown> = {};
      for (const [kind, resources] of kinds) {
        let kindTotal = 0;
        const list = [...resources].map(([id, items]) => {
          const credits = items.reduce((sum, item) => sum + item.credits, 0);
          kindTotal += credits;
          return {
            resource_id: id,
            amount: money(credits),
            hours: items.reduce((sum, item) => sum + item.hours, 0),
            details: items.map(detail),
          };
        });
        categoryTotal += kindTotal;
        out[kind] = { total_amount: money(kindTotal), resources: list };
      }
      body[category] = { total_amount: money(categoryTotal), ...out };
    }
    return body as BillingSummary;
  }

  handle(scope, billingEndpoints.summary, async ({ request, params, query }) => {
    const account = billedAccount(request, query.username);
    const { from, to } = parseMonth(params.month, clock.now());
    return summary(account, from, to, query.resource_id);
  });

  handle(scope, billingEndpoints.legacySummary, async ({ request, params }) => {
    const account = billedAccount(request);
    const { from, to } = parseMonth(params.month, clock.now());
    const full = summary(account, from, to);
    const totals: Record<string, unknown> = {
      currency: full.currency,
      total_amount: full.total_amount,
    };
    for (const [key, value] of Object.entries(full)) {
      if (typeof value !== 'object' || value === null) continue;
      const category: Record<string, unknown> = {};
      for (const [kind, group] of Object.entries(value as Record<string, unknown>)) {
        category[kind] =
          typeof group === 'object' && group !== null
            ? { total_amount: (group as { total_amount: number }).total_amount }
            : group;
      }
      totals[key] = category;
    }
    return { billing: totals as LegacyBillingSummary['billing'] };
  });

  handle(scope, billingEndpoints.resourceSummary, async ({ request, params }) => {
    const account = billedAccount(request);
    const { resource } = params;
    const { from, to } = parseMonth(params.month, clock.now());
    const ownerId = billing.ownerOf(resource);
    if (ownerId === undefined) {
      throw new ApiProblem(404, 'RESOURCE_NOT_FOUND', `The resource ${resource} does not exist.`);
    }
    if (ownerId !== account.id) {
      throw new ApiProblem(
        403,
        'RESOURCE_FORBIDDEN',
        `The resource ${resource} belongs to another account.`,
      );
    }
    const found = lines(account, from, to, resource);
    const now = clock.now().getTime();
    const dailySums: Record<string, number> = {};
    for (let day = from; day < to; day += 24 * hourMs) {
      const credits = found.reduce(
        (sum, { period }) =>
          sum + billedHours(period, day, day + 24 * hourMs, now) * hourlyCost(period).total,
        0,
      );
      if (credits > 0) dailySums[new Date(day).toISOString().slice(0, 10)] = money(credits);
    }
    const last =
      found.at(-1)?.period ?? billing.periods(account.id).find((p) => p.resource_id === resource);
    return {
      billing: {
        currency: account.currency,
        total_amount: money(found.reduce((sum, line) => sum + line.credits, 0)),
        daily_sums: dailySums,
        details: {
          hours: found.reduce((sum, line) => sum + line.hours, 0),
          ...(last?.plan ? { plan: last.plan } : {}),
          resource_id: resource,
          title: last?.title ?? '',
          type: last?.type ?? 'storage',
          zone: last?.zone ?? '',
        },
      },
    };
  });
};
