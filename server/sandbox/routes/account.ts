import type { RouteModule } from '../api';
import { principalOf } from '../http/principal';

/** Account details (spec §4.2; reference §10.1): credits and limits are the main account's. */
export const accountRoutes: RouteModule = (scope) => {
  scope.get('/account', async (request) => {
    const { account, owner } = principalOf(request);
    return {
      account: {
        username: account.username,
        credits: owner.credits,
        currency: owner.currency,
        resource_limits: JSON.parse(owner.resource_limits) as Record<string, number | null>,
      },
    };
  });
};
