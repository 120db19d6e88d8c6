import { serverEndpoints } from '../../../contract/server';
import type { ServerEvent } from '../../../contract/server';
import type { RouteModule } from '../domain';
import type { SandboxContext } from '../context';
import { handle } from '../http/endpoint-route';
import { invalidAttribute } from '../http/errors';
import { principalOf } from '../http/principal';

/** Server events (api-rules §4.4, §6; api-reference-notes §13), newest first. */
export const eventRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { servers, resources } = context;

  // `offset` and `count` share a path segment; one the request left out arrives empty.
  handle(scope, serverEndpoints.events, async ({ request, params }) => {
    const server = resources.serverFor(principalOf(request), params.uuid);
    if (!/^\d{1,9}$/.test(params.offset)) {
      throw invalidAttribute('offset', 'Give the path as /events/{server}/{offset},{count}.');
    }
    const count = Number(params.count);
    if (!/^\d{1,4}$/.test(params.count) || count < 1 || count > 1000) {
      throw invalidAttribute('count', 'Give 1 to 1000 events per page.');
    }
    const events = servers.events(server.uuid, Number(params.offset), count).map((event) => ({
      server: event.server_uuid,
      time: event.time,
      // Written by recordEvent, which takes only the contract's event types.
      type: event.type as ServerEvent['type'],
      ...(event.email ? { email: event.email } : {}),
      ...(event.first_name ? { first_name: event.first_name } : {}),
      ...(event.last_name ? { last_name: event.last_name } : {}),
    }));
    return { events: { event: events } };
  });
};
