import type { RouteModule } from '../api';
import { plans, prices, zones } from '../catalog';

/** Zones and prices (spec §4.1, under 1.2 and, as the real service does, 1.3) and server plans. */
export const catalogRoutes: RouteModule = (scope, _context, version) => {
  scope.get('/zone', async () => ({ zones: { zone: zones } }));
  scope.get('/price', async () => ({ prices: { zone: prices } }));
  if (version === '1.3') scope.get('/plan', async () => ({ plans: { plan: plans } }));
};
