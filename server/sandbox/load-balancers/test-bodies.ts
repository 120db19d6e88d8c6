/** Request bodies the load-balancer test files share; never imported by production code. */

/** A create body in de-fra1 with a public network, one backend and one frontend. */
export const lbBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  plan: 'development',
  zone: 'de-fra1',
  networks: [{ name: 'public', type: 'public', family: 'IPv4' }],
  configured_status: 'started',
  frontends: [{ name: 'web', mode: 'http', port: 80, default_backend: 'app' }],
  backends: [{ name: 'app', members: [] }],
  resolvers: [],
  ...extra,
});
