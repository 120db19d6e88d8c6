import type { RouteModule } from '../api';
import type { SandboxContext } from '../context';
import { invalidAttribute } from '../http/errors';
import { principalOf } from '../http/principal';

/** Server events (spec §4.4, §6; reference §13), newest first. */
export const eventRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { servers, resources } = context;

  scope.get<{ Params: { uuid: string; range: string } }>(
    '/events/:uuid/:range',
    async (request) => {
      const server = resources.serverFor(principalOf(request), request.params.uuid);
      const [offsetText = '', countText] = request.params.range.split(',');
      if (!/^\d{1,9}$/.test(offsetText)) {
        throw invalidAttribute('offset', 'Give the path as /events/{server}/{offset},{count}.');
      }
      const count = Number(countText);
      if (!/^\d{1,4}$/.test(countText ?? '') || count < 1 || count > 1000) {
        throw invalidAttribute('count', 'Give 1 to 1000 events per page.');
      }
      const events = servers.events(server.uuid, Number(offsetText), count).map((event) => ({
        server: event.server_uuid,
        time: event.time,
        type: event.type,
        ...(event.email ? { email: event.email } : {}),
        ...(event.first_name ? { first_name: event.first_name } : {}),
        ...(event.last_name ? { last_name: event.last_name } : {}),
      }));
      return { events: { event: events } };
    },
  );
};
