import { z } from 'zod/mini';
import { mayOmit } from './answer-fields';
import { endpoint } from './endpoint';
import { checkWith, labelSchema, resourceNameSchema, uuidSchema, wrappedList } from './common';
import { cidrFamilyOf, cidrTextSchema, ipFamilyOf } from './ip';
import { labelListSchema, labelQuerySchema } from './labels';

/** Each zone has a `service` router for its utility network; accounts create `normal` ones. */
export const routerTypeSchema = z.enum(['normal', 'service']);
export type RouterType = z.infer<typeof routerTypeSchema>;

export const staticRouteSchema = z.object({
  name: z.string(),
  route: z.string(),
  nexthop: z.string(),
  type: mayOmit(z.enum(['user', 'service'])),
});
export type StaticRoute = z.infer<typeof staticRouteSchema>;

/** Router record (api-reference-notes §6): every key always present, lists possibly empty. */
export const routerSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  type: routerTypeSchema,
  attached_networks: z.object({ network: z.array(z.object({ uuid: uuidSchema })) }),
  attached_network_gateways: mayOmit(z.array(z.object({ uuid: uuidSchema }))),
  static_routes: z.array(staticRouteSchema),
  labels: mayOmit(z.array(labelSchema)),
});
export type Router = z.infer<typeof routerSchema>;

export const routerListResponseSchema = wrappedList('routers', 'router', routerSchema);
export type RouterListResponse = z.infer<typeof routerListResponseSchema>;
export const routerResponseSchema = z.object({ router: routerSchema });
export type RouterResponse = z.infer<typeof routerResponseSchema>;

export const routerNameSchema = resourceNameSchema(64, 'Give the router a name.');

export const maxStaticRoutes = 32;

/** A static route a user adds: `nexthop` an address of the route's family or `no-nexthop`. */
export const staticRouteRequestSchema = z
  .strictObject({
    name: z.optional(
      z
        .string()
        .check(
          z.regex(/^[a-zA-Z0-9_-]+$/, 'Letters, digits, _ and -.'),
          z.maxLength(64, 'At most 64 characters.'),
        ),
    ),
    route: cidrTextSchema,
    nexthop: z.string().check(z.maxLength(64)),
    /** Service routes are managed by the platform; a request may echo them, they are ignored. */
    type: z.optional(z.enum(['user', 'service'])),
  })
  .check(
    checkWith((route, report) => {
      if (route.nexthop === 'no-nexthop') return;
      const family = ipFamilyOf(route.nexthop);
      if (family === null) {
        report('An IP address or no-nexthop.', 'nexthop');
      } else if (cidrFamilyOf(route.route) !== null && cidrFamilyOf(route.route) !== family) {
        report('The next hop must be of the same family as the route.', 'nexthop');
      }
    }),
  );
export type StaticRouteRequest = z.input<typeof staticRouteRequestSchema>;

const staticRoutesRequestSchema = z
  .array(staticRouteRequestSchema)
  .check(z.maxLength(maxStaticRoutes, `At most ${maxStaticRoutes} static routes.`));

const routerFieldsSchema = z.strictObject({
  name: routerNameSchema,
  static_routes: z.optional(staticRoutesRequestSchema),
  labels: z.optional(labelListSchema(labelSchema)),
});

/** `POST /1.3/router` (api-reference-notes §6). */
export const createRouterRequestSchema = z.strictObject({ router: routerFieldsSchema });
export type CreateRouterRequest = z.input<typeof createRouterRequestSchema>;

/** `PATCH /1.3/router/{uuid}`: changed fields only. */
export const modifyRouterRequestSchema = z.strictObject({ router: z.partial(routerFieldsSchema) });
export type ModifyRouterRequest = z.input<typeof modifyRouterRequestSchema>;

/** `GET /1.3/router`: repeatable `label` (api-reference-notes §1.3). */
export const routerListQuerySchema = z.object({
  label: labelQuerySchema,
});
export type RouterListQuery = z.input<typeof routerListQuerySchema>;

/** Routers (api-reference-notes §6); attaching one to a network is a change of the network. */
export const routerEndpoints = {
  list: endpoint('GET /router', routerListResponseSchema, [400], { query: routerListQuerySchema }),
  create: endpoint('POST /router', routerResponseSchema, [400], {
    body: createRouterRequestSchema,
    status: 201,
  }),
  get: endpoint('GET /router/:uuid', routerResponseSchema, [403, 404]),
  modify: endpoint('PATCH /router/:uuid', routerResponseSchema, [400, 403, 404], {
    body: modifyRouterRequestSchema,
  }),
  delete: endpoint('DELETE /router/:uuid', null, [403, 404, 409]),
};
