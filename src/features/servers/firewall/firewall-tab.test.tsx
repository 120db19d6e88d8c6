import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FirewallRuleInput } from '../../../../contract/firewall';
import { firewallEndpoints } from '../../../../contract/firewall';
import { serverEndpoints } from '../../../../contract/server';
import { callEndpoint } from '../../../api/http';
import { serverQueries } from '../../../api/servers';
import { renderApp, renderPage, signInAs } from '../../../testing/render';
import { as } from '../../../testing/resources';
import { expectNotice } from '../../../testing/servers';
import { useSuccessNotice } from '../../../components/success-notice';
import { FirewallTab, firewallSection } from './firewall-tab';

const ssh: FirewallRuleInput = {
  action: 'accept',
  direction: 'in',
  protocol: 'tcp',
  destination_port_start: '22',
  destination_port_end: '22',
  comment: 'SSH',
};
const web: FirewallRuleInput = {
  ...ssh,
  destination_port_start: '80',
  destination_port_end: '80',
  comment: 'HTTP',
};
const dropAll: FirewallRuleInput = { action: 'drop', direction: 'in', comment: 'Default' };

/** The tab as the server page shows it, fed by the page's server query, with its notice. */
function ServerFirewall({ uuid }: { uuid: string }) {
  const server = useQuery(serverQueries.detail(uuid));
  const { notify, notice } = useSuccessNotice();
  return server.data ? (
    <>
      {notice}
      <FirewallTab server={server.data} sections={[firewallSection]} notify={notify} />
    </>
  ) : null;
}

/**
 * web-1's Firewall tab, its rules set to `rules` and its firewall to `firewall` first; `page`
 * opens it on the server page, otherwise the tab is rendered on its own (a smaller page).
 */
async function openFirewall(
  rules: FirewallRuleInput[],
  { firewall = 'off', page = false }: { firewall?: 'on' | 'off'; page?: boolean } = {},
) {
  const session = await signInAs('demo');
  const auth = as(session);
  const { servers } = await callEndpoint(serverEndpoints.list, {}, auth);
  const { uuid } = servers.server.find((server) => server.title === 'web-1')!;
  await callEndpoint(
    firewallEndpoints.replace,
    { params: { uuid }, body: { firewall_rules: { firewall_rule: rules } } },
    auth,
  );
  await callEndpoint(
    serverEndpoints.modify,
    { params: { uuid }, body: { server: { firewall } } },
    auth,
  );
  const path = `/servers/${uuid}?tab=firewall`;
  const view = page
    ? renderApp({ session, path })
    : renderPage(<ServerFirewall uuid={uuid} />, { session, path });
  if (page)
    expect(await screen.findByRole('tab', { name: 'Firewall', selected: true })).toBeVisible();
  expect(await screen.findByRole('button', { name: 'Add rule' })).toBeVisible();
  const listed = async () =>
    (await callEndpoint(firewallEndpoints.list, { params: { uuid } }, auth)).firewall_rules
      .firewall_rule;
  return { ...view, uuid, auth, listed };
}

/** Opens the add dialog and fills in a protocol and a destination port range. */
async function addRuleWith(
  user: ReturnType<typeof renderPage>['user'],
  protocol: string,
  [from, to]: [string, string],
) {
  await user.click(await screen.findByRole('button', { name: 'Add rule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add firewall rule' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Protocol' }));
  await user.click(await screen.findByRole('option', { name: protocol }));
  await user.type(within(dialog).getByLabelText('Destination port from'), from);
  await user.type(within(dialog).getByLabelText('Destination port to'), to);
  return dialog;
}

/** The rule table's rows as "position: action, destination, comment". */
function ruleRows() {
  const table = screen.getByRole('table', { name: 'Firewall rules, in order' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
      return `${cells[0]}: ${cells[2]}, ${cells[6]}, ${cells[7]}`;
    });
}

const expectRows = (rows: string[]) => waitFor(() => expect(ruleRows()).toEqual(rows));

describe('server firewall tab', () => {
  it('turns the firewall on and off', async () => {
    const { user, uuid, auth } = await openFirewall([], { page: true });
    expect(await screen.findByText('No firewall rules yet.')).toBeVisible();
    const toggle = screen.getByRole('switch', { name: 'Firewall' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(/The firewall is on/)).toBeVisible();
    await expectNotice('Firewall turned on');
    expect(screen.getByRole('switch', { name: 'Firewall' })).toBeChecked();
    const { server } = await callEndpoint(serverEndpoints.get, { params: { uuid } }, auth);
    expect(server.firewall).toBe('on');
    await user.click(screen.getByRole('switch', { name: 'Firewall' }));
    expect(await screen.findByText(/The firewall is off/)).toBeVisible();
    await expectNotice('Firewall turned off');
  });

  it('adds a rule from the dialog before the default rule', async () => {
    const { user, listed } = await openFirewall([ssh, dropAll]);
    const dialog = await addRuleWith(user, 'UDP', ['53', '54']);
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectRows([
      '1: Accept, Any, port 22, SSH',
      '2: Accept, Any, port 53–54, —',
      '3: Drop, Any, Default',
    ]);
    await expectNotice('Rule added');
    expect((await listed()).map((rule) => rule.protocol)).toEqual(['tcp', 'udp', '']);
  });

  it('shows the rules’ own field errors and sends nothing', async () => {
    const { user, listed } = await openFirewall([ssh]);
    const dialog = await addRuleWith(user, 'ICMP', ['22', '22']);
    await user.type(within(dialog).getByLabelText('Source address from'), '10.0.0.9');
    await user.type(within(dialog).getByLabelText('Source address to'), '10.0.0.1');
    await user.type(within(dialog).getByLabelText('ICMP type'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    // Both ends of the port range are refused, each under its own field.
    expect(
      await within(dialog).findAllByText('Ports apply only to the tcp and udp protocols.'),
    ).toHaveLength(2);
    expect(within(dialog).getByText('Choose IPv4 or IPv6 for an address range.')).toBeVisible();
    expect(within(dialog).getByText('An ICMP type from 0 to 255.')).toBeVisible();
    expect(within(dialog).getByLabelText('Destination port from')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.click(within(dialog).getByRole('combobox', { name: 'IP family' }));
    await user.click(await screen.findByRole('option', { name: 'IPv4' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(
      await within(dialog).findByText('The end of the range comes before its start.'),
    ).toBeVisible();
    expect(await listed()).toHaveLength(1);
  });

  it('adds presets before the default rule, in one change each', async () => {
    const { user } = await openFirewall([ssh, dropAll]);
    await user.click(await screen.findByRole('button', { name: 'Add HTTP and HTTPS' }));
    await expectRows([
      '1: Accept, Any, port 22, SSH',
      '2: Accept, Any, port 80, HTTP',
      '3: Accept, Any, port 443, HTTPS',
      '4: Drop, Any, Default',
    ]);
    await expectNotice('HTTP and HTTPS rules added');
    await user.click(screen.getByRole('button', { name: 'Add Ping' }));
    await expectRows([
      '1: Accept, Any, port 22, SSH',
      '2: Accept, Any, port 80, HTTP',
      '3: Accept, Any, port 443, HTTPS',
      '4: Accept, Any, Ping',
      '5: Drop, Any, Default',
    ]);
    await expectNotice('Ping rule added');
  });

  it('moves a rule up and down', async () => {
    const { user } = await openFirewall([ssh, web]);
    await expectRows(['1: Accept, Any, port 22, SSH', '2: Accept, Any, port 80, HTTP']);
    expect(screen.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move rule 2 down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    await expectRows(['1: Accept, Any, port 80, HTTP', '2: Accept, Any, port 22, SSH']);
    await expectNotice('Rule 2 moved up');
    await user.click(screen.getByRole('button', { name: 'Move rule 1 down' }));
    await expectRows(['1: Accept, Any, port 22, SSH', '2: Accept, Any, port 80, HTTP']);
    await expectNotice('Rule 1 moved down');
  });

  it('deletes a rule after confirmation, and warns when that locks SSH out', async () => {
    const { user } = await openFirewall([web, ssh, dropAll]);
    await expectRows([
      '1: Accept, Any, port 80, HTTP',
      '2: Accept, Any, port 22, SSH',
      '3: Drop, Any, Default',
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete rule 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete rule 1?' });
    expect(dialog).not.toHaveTextContent('SSH');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete rule 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete rule 2?' });
    expect(dialog).toHaveTextContent('drops incoming SSH (tcp port 22) from everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectRows(['1: Accept, Any, port 80, HTTP', '2: Drop, Any, Default']);
    await expectNotice('Rule 2 deleted');
  });

  it('warns before a default rule that drops SSH, and saves it only when confirmed', async () => {
    const { user, listed } = await openFirewall([]);
    const choose = async (name: string) => {
      await user.click(
        await screen.findByRole('combobox', { name: 'Incoming traffic no rule matches' }),
      );
      await user.click(await screen.findByRole('option', { name }));
    };
    await choose('Drop');
    let dialog = await screen.findByRole('dialog', { name: 'Lock out SSH?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await listed()).toEqual([]);

    await choose('Drop');
    dialog = await screen.findByRole('dialog', { name: 'Lock out SSH?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await expectRows(['1: Drop, Any, Default']);
    await expectNotice('Incoming traffic no rule matches: drop');

    // With SSH allowed first, a drop default asks nothing.
    await user.click(screen.getByRole('button', { name: 'Add SSH' }));
    await expectRows(['1: Accept, Any, port 22, SSH', '2: Drop, Any, Default']);
    await choose('Accept');
    await expectRows(['1: Accept, Any, port 22, SSH', '2: Accept, Any, Default']);
    await choose('Drop');
    await expectRows(['1: Accept, Any, port 22, SSH', '2: Drop, Any, Default']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns before adding a rule that drops SSH', async () => {
    const { user, listed } = await openFirewall([]);
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const form = await screen.findByRole('dialog', { name: 'Add firewall rule' });
    await user.click(within(form).getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Drop' }));
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    const warning = await screen.findByRole('dialog', { name: 'Lock out SSH?' });
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(await listed()).toEqual([]);
    await user.click(await within(form).findByRole('button', { name: 'Add rule' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Lock out SSH?' })).getByRole('button', {
        name: 'Save anyway',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectRows(['1: Drop, Any, —']);
  });
});
