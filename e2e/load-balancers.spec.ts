import { endpointPath } from '../contract/endpoint';
import { serverEndpoints, serverResponseSchema } from '../contract/server';
import type { Api } from './support';
import { choose, createServer, expect, expectNoAxeViolations, test } from './support';

test.use({ signedIn: 'demo' });

/** A self-signed certificate for app2.example.com and its key, made for this journey. */
const certificate = `-----BEGIN CERTIFICATE-----
MIIBqTCCAU6gAwIBAgIUJzp7K5Ft82MFMeq/6gspqHj4rIUwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQYXBwMi5leGFtcGxlLmNvbTAeFw0yNjExMjQyMzIxMjdaFw0z
NjExMjEyMzIxMjdaMBsxGTAXBgNVBAMMEGFwcDIuZXhhbXBsZS5jb20wWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAQ5eqYpAXECez73u5/AOLaRON4rxQIJQidosKNW
a3WQahnBaqbgtwkFJKw8gkv9XWnw7oMGYAk7Isa1oP/zkmZ2o3AwbjAdBgNVHQ4E
FgQUDK31ZKnNoA1/3El7BxL21maOLv0wHwYDVR0jBBgwFoAUDK31ZKnNoA1/3El7
BxL21maOLv0wDwYDVR0TAQH/BAUwAwEB/zAbBgNVHREEFDASghBhcHAyLmV4YW1w
bGUuY29tMAoGCCqGSM49BAMCA0kAMEYCIQCSSqA8GX93Joppv/S0tjt0AiXVSdJo
ZVU9AefZkpI1sgIhAL43PL52yDXgSE5jGr5T9y46VrNIBywWX2qiSW/gff5K
-----END CERTIFICATE-----`;
const privateKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg5BEfKqlqn3oBjMp+
o7Dbg4kj1kt8LJS9HR4y/rR+AOWhRANCAAQ5eqYpAXECez73u5/AOLaRON4rxQIJ
QidosKNWa3WQahnBaqbgtwkFJKw8gkv9XWnw7oMGYAk7Isa1oP/zkmZ2
-----END PRIVATE KEY-----`;

/** A started server in de-fra1 with a public address, made the way a script would. */
async function startedServer(api: Api, title: string) {
  const server = await createServer(api, title, {
    hostname: `${title}.example.com`,
    storage_devices: {
      storage_device: [{ action: 'create', size: 10, title: `${title} disk` }],
    },
    networking: { interfaces: { interface: [{ type: 'public' }] } },
  });
  await expect
    .poll(
      async () =>
        (
          await api.call(
            'GET',
            endpointPath(serverEndpoints.get, { uuid: server.uuid }),
            undefined,
            serverResponseSchema,
          )
        ).server.state,
      { timeout: 60_000 },
    )
    .toBe('started');
  return server.uuid;
}

test('put a load balancer in front of two servers, serve HTTPS, redirect HTTP and see a stopped server go down', async ({
  page,
  api,
}) => {
  const stamp = Date.now().toString(36);
  const [first, second] = [`lb-a-${stamp}`, `lb-b-${stamp}`];
  await Promise.all([startedServer(api, first), startedServer(api, second)]);
  const name = `e2e-${stamp}`;

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Load balancers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Load balancers' })).toBeVisible();
  await page.getByRole('link', { name: 'Create load balancer' }).first().click();

  await page.getByRole('textbox', { name: 'Load balancer name' }).fill(name);
  await choose(page, 'Zone', /de-fra1/);
  await choose(page, 'Plan', /^development/);
  await expect(page.getByRole('region', { name: 'Cost preview' })).toContainText('per month');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('button', { name: 'Add member' }).click();
  await choose(page, 'Server of member 1', new RegExp(`^${first} .*public$`));
  await page.getByRole('button', { name: 'Add member' }).click();
  await choose(page, 'Server of member 2', new RegExp(`^${second} .*public$`));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Create load balancer' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const overview = page.getByRole('region', { name: 'Overview' });
  const settingUp = page.getByRole('progressbar', { name: /^Load balancer / });
  await expect(settingUp).toBeVisible();
  await expect(settingUp).toBeHidden({ timeout: 60_000 });
  await expect(overview.getByText('running', { exact: true }).first()).toBeVisible();
  await expect(overview.getByText(/^lb-[0-9a-f]{32}-1\.upcloudlb\.com$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Backends and members' }).click();
  const members = page.getByRole('table', { name: 'Members of backend servers' });
  await expect(members.getByRole('row', { name: new RegExp(first) })).toContainText('up');
  await expect(members.getByRole('row', { name: new RegExp(second) })).toContainText('up');

  await page.getByRole('tab', { name: 'Certificates' }).click();
  await page.getByRole('button', { name: 'Add certificate bundle' }).click();
  const bundleDialog = page.getByRole('dialog', { name: 'Add certificate bundle' });
  await bundleDialog.getByRole('textbox', { name: 'Bundle name' }).fill(`cert-${stamp}`);
  await bundleDialog.getByRole('textbox', { name: 'Certificate (PEM)' }).fill(certificate);
  await bundleDialog.getByRole('textbox', { name: 'Private key (PEM)' }).fill(privateKey);
  await bundleDialog.getByRole('button', { name: 'Add bundle' }).click();
  await expect(bundleDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Certificate bundles' })).toContainText(
    'app2.example.com',
  );

  await page.getByRole('tab', { name: 'Frontends and rules' }).click();
  await page.getByRole('button', { name: 'Add frontend' }).click();
  const frontendDialog = page.getByRole('dialog', { name: 'Add frontend' });
  await frontendDialog.getByRole('textbox', { name: 'Frontend name' }).fill('secure');
  await choose(page, 'Certificate bundle', new RegExp(`cert-${stamp}`));
  await frontendDialog.getByRole('button', { name: 'Add frontend' }).click();
  await expect(frontendDialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Frontend secure' })).toContainText(
    'HTTPS port 443',
  );

  const web = page.getByRole('region', { name: 'Frontend web' });
  await web.getByRole('button', { name: 'Add rule' }).click();
  const ruleDialog = page.getByRole('dialog', { name: 'Add a rule to web' });
  await ruleDialog.getByRole('textbox', { name: 'Rule name' }).fill('to-https');
  await choose(page, 'Type of action 1', /^http redirect$/);
  await choose(page, 'Scheme of action 1', /^https$/);
  await choose(page, 'Status of action 1', /^301$/);
  await expectNoAxeViolations(page);
  await ruleDialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(ruleDialog).toBeHidden();
  await expect(web.getByRole('table', { name: 'Rules of frontend web' })).toContainText(
    'redirect to https:// (301)',
  );
  await expect(settingUp).toBeHidden({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Backends and members' }).click();
  await members
    .getByRole('row', { name: new RegExp(second) })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.goBack();

  await expect(members.getByRole('row', { name: new RegExp(second) })).toContainText('down', {
    timeout: 30_000,
  });
  await expect(members.getByRole('row', { name: new RegExp(first) })).toContainText('up');
  await expectNoAxeViolations(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Load balancers' })
    .click();
  await expect(page.getByRole('table', { name: 'Load balancers' })).toContainText(name);
});
