import { useQuery } from '@tanstack/react-query';
import type { Plan } from '../../../contract/plan';
import type { PriceZone } from '../../../contract/price';
import type { Zone } from '../../../contract/zone';
import { accountQueries } from '../../api/account';
import type { ApiError } from '../../api/http';
import { planQueries, priceQueries } from '../../api/prices';
import { zoneQueries } from '../../api/zones';
import { defaultCurrency } from '../../lib/format';

export interface PriceCatalog {
  priceZones: PriceZone[];
  /** The zones' names, as far as their list has answered: they only label the zone picker. */
  zones: Zone[];
  plans: Plan[];
  /** Prices are in credits, hundredths of the account's currency. */
  currency: string;
}

export type PriceCatalogState =
  | { status: 'pending' }
  | { status: 'error'; error: ApiError; retry: () => void }
  | { status: 'success'; catalog: PriceCatalog };

/**
 * Prices read in words need the plan contents and the account currency too. The zone names do not
 * hold the prices back: until their list answers, or if it fails, the picker names zones by id.
 */
export function usePriceCatalog(): PriceCatalogState {
  const prices = useQuery(priceQueries.list());
  const zones = useQuery(zoneQueries.list());
  const plans = useQuery(planQueries.list());
  const account = useQuery(accountQueries.detail());

  const error = prices.error ?? plans.error ?? account.error;
  if (error) {
    const retry = () => {
      for (const query of [prices, plans, account]) {
        if (query.isError) void query.refetch();
      }
    };
    return { status: 'error', error, retry };
  }
  if (prices.isSuccess && plans.isSuccess && account.isSuccess) {
    return {
      status: 'success',
      catalog: {
        priceZones: prices.data,
        zones: zones.data ?? [],
        plans: plans.data,
        currency: account.data.currency ?? defaultCurrency,
      },
    };
  }
  return { status: 'pending' };
}
