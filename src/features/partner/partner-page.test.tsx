import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPartnerAccount } from '../../api/partner';
import { renderApp, renderPage, signInAs, uniqueName } from '../../testing/render';
import { markApiCalls } from '../../testing/api-calls';
import { PartnerPage } from './partner-page';

type User = ReturnType<typeof renderPage>['user'];

async function openCreateForm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Create account' }));
  return screen.findByRole('dialog', { name: 'Create a customer account' });
}

/**
 * Fills the dialog's field `label` with `text` by pasting, as typing hundreds of characters one
 * by one takes seconds on a busy machine.
 */
const filler = (user: User, dialog: HTMLElement) => async (label: RegExp, text: string) => {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(text);
};

const submit = (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Create account' }));

/** The helper text under a field: its rule message, once validation has run. */
const messageOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};

afterEach(() => vi.unstubAllGlobals());

// Filling the whole form against the real sandbox takes several seconds when the shared machine
// is busy; this bounds how long a stuck test may hang, it asserts nothing about speed.
const formFlow = { timeout: 30_000 };

describe('partner console: who sees it', () => {
  // The dashboard shows the account's resources, not the navigation again (issue 24 item 18).
  it('lists the console in the navigation for the partner', async () => {
    const { user } = renderApp({ session: await signInAs('partner') });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Partner console' });
    expect(link).toHaveAttribute('href', '/partner');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Customer accounts' })).toBeVisible();
  });

  it('gives a non-partner no entry and a clear message at the address', async () => {
    const { user } = renderApp({ session: await signInAs('demo') });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'API tokens' });
    expect(within(nav).queryByRole('link', { name: 'Partner console' })).not.toBeInTheDocument();
    cleanup();

    renderApp({ session: await signInAs('demo'), path: '/partner' });
    expect(
      await screen.findByText('The partner console is for partner accounts only.'),
    ).toBeVisible();
    expect(screen.getByText(/is not a partner account/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });
});

describe('partner console: asking whether the account is a partner', () => {
  it('asks once a session: a reload does not ask again after a refusal', async () => {
    const session = await signInAs('demo');
    const callsSince = markApiCalls();
    const partnerCalls = () => callsSince((path) => path.includes('/partner/accounts'));
    renderApp({ session, path: '/partner' });
    expect(
      await screen.findByText('The partner console is for partner accounts only.'),
    ).toBeVisible();
    expect(partnerCalls()).toHaveLength(1);
    // A reload: the app starts again, with a new query client, in the same tab and session.
    cleanup();
    renderApp({ session, path: '/partner' });
    expect(
      await screen.findByText('The partner console is for partner accounts only.'),
    ).toBeVisible();
    expect(partnerCalls()).toHaveLength(1);
  });

  it('asks again for another session in the tab, and a partner gets the console', async () => {
    renderApp({ session: await signInAs('demo'), path: '/partner' });
    await screen.findByText('The partner console is for partner accounts only.');
    cleanup();
    renderApp({ session: await signInAs('partner'), path: '/partner' });
    expect(await screen.findByRole('heading', { name: 'Customer accounts' })).toBeVisible();
  });
});

describe('partner console: the create form applies every rule before sending', formFlow, () => {
  it('asks for a username and password', async () => {
    const { user } = renderPage(<PartnerPage />, { session: await signInAs('partner') });
    const dialog = await openCreateForm(user);
    await submit(user, dialog);
    expect(messageOf(within(dialog).getByLabelText(/Username/))).toBe('Enter a username.');
    expect(messageOf(within(dialog).getByLabelText(/Password/))).toBe('Enter a password.');
  });

  const credentialLabels = { username: /Username/, password: /Password/ } as const;

  it.each([
    ['username', 'abc', 'Use 4 to 64 characters.'],
    ['username', 'Acme_Ltd', 'Use lowercase letters and digits'],
    ['username', 'acme__ltd', 'Use lowercase letters and digits'],
    ['username', 'acme ltd', 'Use lowercase letters and digits'],
    ['password', 'Sh0rt', 'Use 8 to 256 characters.'],
    [
      'password',
      'alllowercase1',
      'Include at least one lowercase letter (a-z), one uppercase letter',
    ],
    ['password', 'ALLUPPERCASE1', 'Include at least one lowercase letter'],
    ['password', 'NoDigitsAtAll', 'Include at least one lowercase letter'],
  ] as const)('rejects the %s %j', async (field, value, message) => {
    const { user } = renderPage(<PartnerPage />, { session: await signInAs('partner') });
    const dialog = await openCreateForm(user);
    await user.type(within(dialog).getByLabelText(credentialLabels[field]), value);
    await submit(user, dialog);
    expect(messageOf(within(dialog).getByLabelText(credentialLabels[field]))).toContain(message);
  });

  it('asks for the required contact details once the partner’s are not copied', async () => {
    const { user } = renderPage(<PartnerPage />, { session: await signInAs('partner') });
    const dialog = await openCreateForm(user);
    expect(within(dialog).queryByLabelText(/First name/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use my contact details' }));
    await submit(user, dialog);
    const expected: [RegExp, string][] = [
      [/First name/, 'Enter a first name.'],
      [/Last name/, 'Enter a last name.'],
      [/Email/, 'Enter an email address.'],
      [/Phone/, 'Enter a phone number.'],
      [/^Country/, 'Choose a country.'],
    ];
    for (const [label, message] of expected) {
      expect(messageOf(within(dialog).getByLabelText(label))).toBe(message);
    }
    expect(messageOf(within(dialog).getByLabelText(/Company/))).toBe('');
  });

  it('shows the rule of each contact field it breaks', async () => {
    const { user } = renderPage(<PartnerPage />, { session: await signInAs('partner') });
    const dialog = await openCreateForm(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use my contact details' }));
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    const fill = filler(user, dialog);
    await fill(/First name/, 'f'.repeat(51));
    await fill(/Last name/, 'Smith');
    await fill(/Email/, 'not-an-address');
    await fill(/Phone/, '0401234567');
    await fill(/Company/, 'c'.repeat(101));
    await fill(/Address/, 'one\ntwo\nthree');
    await fill(/Postal code/, '1'.repeat(21));
    await fill(/City/, 'c'.repeat(101));
    await user.selectOptions(field(/^Country/), 'FIN');
    await fill(/VAT number/, 'FI123');
    await submit(user, dialog);

    expect(messageOf(field(/First name/))).toBe('Use at most 50 characters.');
    expect(messageOf(field(/Last name/))).toBe('');
    expect(messageOf(field(/Email/))).toBe('Enter a valid email address.');
    expect(messageOf(field(/Phone/))).toBe(
      'Write it as +<country code>.<number>, for example +358.401234567.',
    );
    expect(messageOf(field(/Company/))).toBe('Use at most 100 characters.');
    expect(messageOf(field(/Address/))).toBe('Use at most two lines.');
    expect(messageOf(field(/Postal code/))).toBe('Use at most 20 characters.');
    expect(messageOf(field(/City/))).toBe('Use at most 100 characters.');
    expect(messageOf(field(/VAT number/))).toBe('Enter a VAT number valid for the chosen country.');
  });

  it('asks for a U.S. state when the country is USA, and offers only valid ones', async () => {
    const { user } = renderPage(<PartnerPage />, { session: await signInAs('partner') });
    const dialog = await openCreateForm(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use my contact details' }));
    expect(within(dialog).getByLabelText(/State or region/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Country/), 'USA');
    const state = within(dialog).getByLabelText(/^State/);
    expect(within(state).getByRole('option', { name: 'California (CA)' })).toBeInTheDocument();
    expect(within(state).getAllByRole('option')).toHaveLength(52);
    await submit(user, dialog);
    expect(messageOf(within(dialog).getByLabelText(/^State/))).toBe(
      'Choose the state: it is required for a U.S. address.',
    );
  });
});

describe('partner console: creating accounts', formFlow, () => {
  it('puts a taken username (409 ACCOUNT_EXISTS) on the username field and keeps the input', async () => {
    const { user } = renderPage(<PartnerPage />, { session: await signInAs('partner') });
    const dialog = await openCreateForm(user);
    const fill = filler(user, dialog);
    await fill(/Username/, 'demo');
    await fill(/Password/, 'Customer1Pass');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use my contact details' }));
    await fill(/First name/, 'Dora');
    await fill(/Last name/, 'Duplicate');
    await fill(/Email/, 'dora@example.com');
    await fill(/Phone/, '+358.401234567');
    await user.selectOptions(within(dialog).getByLabelText(/^Country/), 'FIN');
    await submit(user, dialog);

    const username = within(dialog).getByLabelText(/Username/);
    await waitFor(() => expect(messageOf(username)).toContain('(ACCOUNT_EXISTS)'));
    expect(messageOf(username)).toContain('already exists');
    expect(username).toHaveValue('demo');
    expect(username).toHaveFocus();
    expect(within(dialog).getByLabelText(/Password/)).toHaveValue('Customer1Pass');
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Dora');
    expect(within(dialog).getByLabelText(/^Country/)).toHaveValue('FIN');
  });

  it('creates an account, lists it and counts down the allowance', async () => {
    const username = uniqueName('comp_test', '_');
    const { user } = renderPage(<PartnerPage />, { session: await signInAs('partner') });
    const allowance = await screen.findByText(/You can create \d+ more of your 25 accounts/);
    const before = Number(/create (\d+) more/.exec(allowance.textContent ?? '')![1]);

    const dialog = await openCreateForm(user);
    const fill = filler(user, dialog);
    await fill(/Username/, username);
    await fill(/Password/, 'Customer1Pass');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use my contact details' }));
    await fill(/First name/, 'Sam');
    await fill(/Last name/, 'Smith');
    await fill(/Company/, 'Smith Hosting Inc');
    await fill(/Email/, 'sam@smith.example.com');
    await fill(/Phone/, '+1.4155550100');
    await user.selectOptions(within(dialog).getByLabelText(/^Country/), 'USA');
    await user.selectOptions(within(dialog).getByLabelText(/^State/), 'CA');
    await submit(user, dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(`The account ${username} was created.`);
    const accounts = screen.getByRole('table', { name: 'Customer accounts' });
    const row = (await within(accounts).findByRole('rowheader', { name: username })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Smith Hosting Inc')).toBeVisible();
    expect(within(row).getByText('USA')).toBeVisible();
    expect(
      await screen.findByText(`You can create ${before - 1} more of your 25 accounts`, {
        exact: false,
      }),
    ).toBeVisible();
  });

  it('rolls the month’s bills up per customer and exports them as CSV', async () => {
    const session = await signInAs('partner');
    const username = uniqueName('bill_test', '_');
    await createPartnerAccount(
      {
        username,
        password: 'Customer1Pass',
        contact_details: {
          first_name: 'Bea',
          last_name: 'Billing',
          company: 'Billing Bureau Oy',
          country: 'FIN',
          phone: '+358.401234567',
          email: 'bea@example.com',
        },
      },
      { authorization: `Bearer ${session.token}` },
    );
    const { user } = renderPage(<PartnerPage />, { session, path: '/partner?month=2026-02' });

    // Nothing is known on the first render: the page shows that it is loading, not an empty bill.
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeVisible();
    const bills = await screen.findByRole('table', { name: 'Customer billing for 2026-02' });
    expect(screen.getByLabelText('Month')).toHaveValue('2026-02');
    const billRow = (await within(bills).findByRole('rowheader', { name: username })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(billRow).getByText('Billing Bureau Oy')).toBeVisible();
    expect(within(billRow).getAllByText('€0.00')).toHaveLength(3);
    expect(within(bills).getByRole('rowheader', { name: 'Total (EUR)' })).toBeVisible();

    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:customer-billing';
      },
      revokeObjectURL: () => undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(blobs).toHaveLength(1);
    const csv = await blobs[0]!.text();
    expect(csv.split('\r\n')[0]).toBe('month,username,customer,servers,storages,total,currency');
    expect(csv).toContain(`2026-02,${username},Billing Bureau Oy,0,0,0,EUR\r\n`);
    expect(csv).toMatch(/2026-02,TOTAL,All customers,0,0,0,EUR\r\n$/);
  });
});
