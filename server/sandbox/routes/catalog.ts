import type { RouteModule } from '../api';
import { plans, prices, serverSizes, timezones, zones } from '../catalog';

/**
 * Zones and prices (spec §4.1, under 1.2 and, as the real service does, 1.3); server plans,
 * timezones and sizes (reference §2.1, §14).
 */
export const catalogRoutes: RouteModule = (scope, _context, version) => {
  scope.get('/zone', async () => ({ zones: { zone: zones } }));
  scope.get('/price', async () => ({ prices: { zone: prices } }));
  if (version !== '1.3') return;
  scope.get('/plan', async () => ({ plans: { plan: plans } }));
  scope.get('/timezone', async () => ({ timezones: { timezone: timezones } }));
  scope.get('/server_size', async () => ({ server_sizes: { server_size: serverSizes } }));
};
