import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadBalancerEndpoints } from '../../../contract/load-balancer';
import type { LoadBalancerCreate, LoadBalancerRuleCreate } from '../../../contract/load-balancer';
import { callEndpoint } from '../../api/http';
import type { Session } from '../../auth/session-store';
import { renderApp, signInAs, uniqueName, wholeText } from '../../testing/render';
import { as } from '../../testing/resources';
import { reorderedPriorities } from '../../api/load-balancers';

/** Load balancer names allow no spaces, unlike uniqueName's. */
/** A self-signed certificate for app1.example.com and its key, made for these tests. */
const certificate = `-----BEGIN CERTIFICATE-----
MIIBqDCCAU6gAwIBAgIUa4IutpCD4OFKhdP02zvm/rD24IAwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQYXBwMS5leGFtcGxlLmNvbTAeFw0yNjExMjQyMzIxMjZaFw0z
NjExMjEyMzIxMjZaMBsxGTAXBgNVBAMMEGFwcDEuZXhhbXBsZS5jb20wWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAS5HdmcAFEkii7DuP37fA7h4I4VgRqATjcVwGBq
RUV1jOK4JO8eTs/V6XOU4LRCwS3hnS0NzZzzEh6REHyaWHd9o3AwbjAdBgNVHQ4E
FgQUAw3PRLuQOkbAHyLEKWNR+lyHQB0wHwYDVR0jBBgwFoAUAw3PRLuQOkbAHyLE
KWNR+lyHQB0wDwYDVR0TAQH/BAUwAwEB/zAbBgNVHREEFDASghBhcHAxLmV4YW1w
bGUuY29tMAoGCCqGSM49BAMCA0gAMEUCIFjAfAzcbcwQLuZiV4oYbCNBKKHJ/abm
R7P2lK04dg/EAiEAt1j+QvGAHOBvwszfBft6aLZtQyFkR5atukrXn/Ky4DE=
-----END CERTIFICATE-----`;
const privateKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgvMdQq9GkfEOdlcAz
fBOzCIuI/neaYm3qHjtoQEbb9jKhRANCAAS5HdmcAFEkii7DuP37fA7h4I4VgRqA
TjcVwGBqRUV1jOK4JO8eTs/V6XOU4LRCwS3hnS0NzZzzEh6REHyaWHd9
-----END PRIVATE KEY-----`;

async function createBalancerAs(
  session: Session,
  members: { name: string; ip: string }[],
  rules: LoadBalancerRuleCreate[] = [],
) {
  const body: LoadBalancerCreate = {
    name: uniqueName('test', '-'),
    plan: 'development',
    zone: 'de-fra1',
    configured_status: 'started',
    networks: [{ name: 'public', type: 'public', family: 'IPv4' }],
    frontends: [{ name: 'web', mode: 'http', port: 80, default_backend: 'servers', rules }],
    backends: [
      {
        name: 'servers',
        members: members.map((member) => ({
          ...member,
          type: 'static',
          port: 80,
          weight: 100,
          max_sessions: 1000,
          enabled: true,
        })),
      },
    ],
    resolvers: [],
  };
  return callEndpoint(loadBalancerEndpoints.create, { body }, as(session));
}

/** Signs in as demo and opens a `tab` of a new load balancer with `members` (and `rules`). */
async function openBalancerTab(
  tab: string,
  members: { name: string; ip: string }[],
  rules?: LoadBalancerRuleCreate[],
) {
  const session = await signInAs('demo');
  const balancer = await createBalancerAs(session, members, rules);
  return renderApp({ session, path: `/load-balancers/${balancer.uuid}?tab=${tab}` });
}

type User = ReturnType<typeof renderApp>['user'];
async function choose(user: User, label: string, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('rule order', () => {
  it('spreads priorities so the list runs top first, changing only what must change', () => {
    expect(
      reorderedPriorities([
        { name: 'b', priority: 10 },
        { name: 'a', priority: 50 },
      ]),
    ).toEqual([{ name: 'b', priority: 100 }]);
  });
});

/** Types into a text field at once (user.type is slow for whole values). */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('create load balancer wizard', () => {
  it('checks the steps and prices the plan of the zone', { timeout: 40_000 }, async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/load-balancers/new' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create load balancer' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose a zone.')).toBeVisible();

    fill(screen.getByRole('textbox', { name: 'Load balancer name' }), uniqueName('wizard', '-'));
    await choose(user, 'Zone', /\(de-fra1\)/);
    await choose(user, 'Plan', /^development: 1 node, .* a month$/);
    const preview = screen.getByRole('region', { name: 'Cost preview' });
    expect(await within(preview).findByText(/Plan development: €0\.0137 per hour/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { name: 'Step 2 of 3: Frontend and backend' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Add at least one member.')).toBeVisible();
  });

  it(
    'creates a load balancer in front of a server and a typed address',
    { timeout: 40_000 },
    async () => {
      const session = await signInAs('demo');
      const { user } = renderApp({ session, path: '/load-balancers/new' });
      const name = uniqueName('wizard', '-');
      fill(await screen.findByRole('textbox', { name: 'Load balancer name' }), name);
      await choose(user, 'Zone', /\(de-fra1\)/);
      await choose(user, 'Plan', /^development/);
      await user.click(screen.getByRole('button', { name: 'Next' }));

      await user.click(await screen.findByRole('button', { name: 'Add member' }));
      await choose(user, 'Server of member 1', /web-1 \(web-1\.demo\.example\.com\).*public/);
      expect(screen.getByRole('textbox', { name: 'Name of member 1' })).toHaveValue(
        'web-1-demo-example-com',
      );
      await user.click(screen.getByRole('button', { name: 'Add member' }));
      fill(screen.getByRole('textbox', { name: 'Address of member 2' }), '192.0.2.300');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('An IPv4 or IPv6 address, such as 10.0.0.5.')).toBeVisible();
      fill(screen.getByRole('textbox', { name: 'Address of member 2' }), '192.0.2.30');
      await user.click(screen.getByRole('button', { name: 'Next' }));

      expect(await screen.findByRole('heading', { name: 'Step 3 of 3: Review' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Create load balancer' }));
      expect(await screen.findByRole('heading', { level: 1, name })).toBeVisible();
      expect(screen.getByText(wholeText(/^lb-[0-9a-f]{32}-1\.upcloudlb\.com$/))).toBeVisible();
      expect(
        screen.getByRole('progressbar', { name: /Load balancer (pending|setup)/ }),
      ).toBeVisible();

      await user.click(screen.getByRole('link', { name: 'Load balancers' }));
      const table = await screen.findByRole('table', { name: 'Load balancers' });
      const row = within(table).getByRole('row', { name: new RegExp(name) });
      expect(within(row).getByText('development')).toBeVisible();
      expect(within(row).getByText('de-fra1')).toBeVisible();
    },
  );
});

describe('load balancer detail', () => {
  it('adds a rule that redirects to HTTPS', { timeout: 40_000 }, async () => {
    const { user } = await openBalancerTab('frontends', [{ name: 'one', ip: '192.0.2.1' }]);
    const card = await screen.findByRole('region', { name: 'Frontend web' });
    expect(within(card).getByText('No rules: all traffic goes to backend servers.')).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a rule to web' });
    fill(within(dialog).getByRole('textbox', { name: 'Rule name' }), 'to-https');
    await user.click(within(dialog).getByRole('button', { name: 'Add matcher' }));
    fill(within(dialog).getByRole('textbox', { name: 'Value of matcher 1' }), '/');
    await choose(user, 'Type of action 1', /^http redirect$/);
    await choose(user, 'Scheme of action 1', /^https$/);
    await choose(user, 'Status of action 1', /^301$/);
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const rules = await within(card).findByRole('table', { name: 'Rules of frontend web' });
    expect(within(rules).getByText('path starts /')).toBeVisible();
    expect(within(rules).getByText('redirect to https:// (301)')).toBeVisible();
  });

  it('reorders rules and edits one', { timeout: 40_000 }, async () => {
    const { user } = await openBalancerTab(
      'frontends',
      [{ name: 'one', ip: '192.0.2.1' }],
      [
        {
          name: 'to-https',
          priority: 50,
          matchers: [{ type: 'path', match_path: { method: 'starts', value: '/' } }],
          actions: [{ type: 'http_redirect', action_http_redirect: { scheme: 'https' } }],
        },
        {
          name: 'api',
          priority: 10,
          matchers: [],
          actions: [{ type: 'use_backend', action_use_backend: { backend: 'servers' } }],
        },
      ],
    );
    const card = await screen.findByRole('region', { name: 'Frontend web' });
    const order = () =>
      within(within(card).getByRole('table', { name: 'Rules of frontend web' }))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(order()).toEqual(['to-https', 'api']);
    await user.click(within(card).getByRole('button', { name: 'Move rule api up' }));
    await waitFor(() => expect(order()).toEqual(['api', 'to-https']));

    await user.click(within(card).getByRole('button', { name: 'Edit rule to-https' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule to-https' });
    expect(within(dialog).getByRole('textbox', { name: 'Value of matcher 1' })).toHaveValue('/');
    await user.click(within(dialog).getByRole('button', { name: 'Remove matcher 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const row = within(card).getByRole('row', { name: /to-https/ });
    expect(await within(row).findByText('always')).toBeVisible();
  });

  it(
    'shows member health, disables a member and changes a weight',
    { timeout: 40_000 },
    async () => {
      const { user } = await openBalancerTab('backends', [{ name: 'nowhere', ip: '192.0.2.44' }]);
      const members = await screen.findByRole('table', { name: 'Members of backend servers' });
      const row = () => within(members).getByRole('row', { name: /nowhere/ });
      expect(await within(row()).findByText('down')).toBeVisible();

      await user.click(within(row()).getByRole('switch', { name: 'Member nowhere enabled' }));
      expect(await within(row()).findByText('maintenance')).toBeVisible();
      expect(
        within(row()).getByRole('switch', { name: 'Member nowhere enabled' }),
      ).not.toBeChecked();

      await user.click(within(row()).getByRole('button', { name: 'Change the weight of nowhere' }));
      const dialog = await screen.findByRole('dialog', { name: 'Weight of nowhere' });
      const weight = within(dialog).getByRole('textbox', { name: 'Weight' });
      fill(weight, '101');
      await user.click(within(dialog).getByRole('button', { name: 'Save weight' }));
      expect(await within(dialog).findByText('A weight 0–100.')).toBeVisible();
      fill(weight, '25');
      await user.click(within(dialog).getByRole('button', { name: 'Save weight' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(await within(row()).findByText('25')).toBeVisible();
    },
  );

  it(
    'adds a certificate bundle and an HTTPS frontend that serves it',
    { timeout: 40_000 },
    async () => {
      const { user } = await openBalancerTab('certificates', [{ name: 'one', ip: '192.0.2.1' }]);
      await user.click(await screen.findByRole('button', { name: 'Add certificate bundle' }));
      let dialog = await screen.findByRole('dialog', { name: 'Add certificate bundle' });
      const bundle = uniqueName('cert', '-');
      fill(within(dialog).getByRole('textbox', { name: 'Bundle name' }), bundle);
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Certificate (PEM)' }), {
        target: { value: certificate },
      });
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Private key (PEM)' }), {
        target: { value: 'not a key' },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Add bundle' }));
      expect(await within(dialog).findByText('Paste the private key in PEM form.')).toBeVisible();
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Private key (PEM)' }), {
        target: { value: privateKey },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Add bundle' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      const bundles = await screen.findByRole('table', { name: 'Certificate bundles' });
      const bundleRow = within(bundles).getByRole('row', { name: new RegExp(bundle) });
      expect(within(bundleRow).getByText('app1.example.com')).toBeVisible();

      await user.click(screen.getByRole('tab', { name: 'Frontends and rules' }));
      await user.click(await screen.findByRole('button', { name: 'Add frontend' }));
      dialog = await screen.findByRole('dialog', { name: 'Add frontend' });
      fill(within(dialog).getByRole('textbox', { name: 'Frontend name' }), 'secure');
      await choose(user, 'Certificate bundle', new RegExp(bundle));
      await user.click(within(dialog).getByRole('button', { name: 'Add frontend' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      const card = await screen.findByRole('region', { name: 'Frontend secure' });
      expect(within(card).getByText('HTTPS port 443')).toBeVisible();
    },
  );
});
