import { describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { auditLogListResponseSchema } from '../../../contract/audit-log';
import { kubeconfigResponseSchema } from '../../../contract/kubernetes';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { issuerListSchema, issuerSchema } from '../../../contract/kubernetes-oidc';
import { demoAuth, expectProblem, otherAuth } from '../testing';
import { kubernetesClient } from './kubernetes-test-helpers';
import { sandboxSuite } from './test-helpers';

const unknownCluster = '0d000000-0000-4000-8000-000000000000';
const pem = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';

const { app } = sandboxSuite({
  authFailureLimit: 1_000_000,
  prepare: () => setClusterLimit(1000),
});
const { call, ok, createCluster, expectNoCluster, auditCount, lastAudit, setClusterLimit } =
  kubernetesClient(app);

const google: Issuer = {
  name: 'google',
  issuer_url: 'https://accounts.google.com',
  audiences: ['client-123'],
  claim_mappings: { username: { claim: 'email', prefix: '' } },
};
const okta: Issuer = {
  name: 'okta',
  issuer_url: 'https://example.okta.com/oauth2/default',
  audiences: ['aud-a', 'aud-b'],
  audience_match_policy: 'MatchAny',
  claim_mappings: {
    username: { expression: 'claims.email' },
    groups: { claim: 'groups', prefix: 'okta:' },
    uid: { claim: 'sub' },
    extra: [{ key: 'example.org/tenant', value_expression: 'claims.tenant' }],
  },
  claim_validation_rules: [{ claim: 'hd', required_value: 'example.org' }],
  user_validation_rules: [{ expression: "!user.username.startsWith('system:')", message: 'no' }],
};

const base = (uuid: string) => `/1.3/kubernetes/${uuid}/authentication`;
const entries = async (uuid: string) =>
  issuerListSchema.parse((await ok('GET', base(uuid), undefined, 200)).json());

async function unchanged(uuid: string, run: () => Promise<unknown>) {
  const before = await entries(uuid);
  const rows = auditCount();
  await run();
  expect(await entries(uuid)).toEqual(before);
  expect(auditCount()).toBe(rows);
}

describe('listing and reading entries', () => {
  it('lists none on a new cluster (200), and the created ones afterwards', async () => {
    const cluster = await createCluster({ authentication: [google] });
    expect(await entries(cluster.uuid)).toEqual([google]);
    const plain = await createCluster();
    expect(await entries(plain.uuid)).toEqual([]);
  });

  it('answers 404 for an unknown cluster, another account’s cluster and an unknown entry', async () => {
    const cluster = await createCluster({ authentication: [google] });
    await expectNoCluster('GET', base(unknownCluster));
    await expectNoCluster('GET', base(cluster.uuid), undefined, otherAuth);
    expect(
      issuerSchema.parse((await ok('GET', `${base(cluster.uuid)}/google`, undefined, 200)).json()),
    ).toEqual(google);
    expectProblem(await call('GET', `${base(cluster.uuid)}/nope`), 404, 'OIDC_ISSUER_NOT_FOUND');
  });
});

describe('replacing the whole set (PUT)', () => {
  it('replaces the set (200) and an empty list clears it', async () => {
    const cluster = await createCluster({ authentication: [google] });
    const response = await ok('PUT', base(cluster.uuid), [okta], 200);
    expect(response.json()).toEqual([okta]);
    expect(lastAudit()).toMatchObject({ action: 'replace', resource_sub_type: 'authentication' });
    expect(await entries(cluster.uuid)).toEqual([okta]);
    await ok('PUT', base(cluster.uuid), [], 200);
    expect(await entries(cluster.uuid)).toEqual([]);
    // The audit log reads the set change as objects, the shape every audit client parses.
    const log = auditLogListResponseSchema.parse(
      (await ok('GET', `/1.3/audit-logs?q=${cluster.uuid}&actions=replace`, undefined, 200)).json(),
    );
    expect(log.audit_logs[0]).toMatchObject({
      previous_state: { authentication: [okta] },
      current_state: { authentication: [] },
    });
  });

  it.each([
    ['two entries with one name', [google, { ...okta, name: 'google' }], 'NAME_INVALID'],
    [
      'two entries with one issuer',
      [google, { ...okta, issuer_url: 'https://accounts.google.com/' }],
      'ISSUER_URL_INVALID',
    ],
    [
      'a valid entry and an invalid one',
      [google, { ...okta, issuer_url: 'http://insecure.example.com' }],
      'ISSUER_URL_INVALID',
    ],
    [
      'several audiences without MatchAny',
      [{ ...okta, audience_match_policy: '' }],
      'AUDIENCE_MATCH_POLICY_INVALID',
    ],
    [
      'a claim and an expression at once',
      [
        {
          ...google,
          claim_mappings: { username: { claim: 'sub', prefix: '', expression: 'claims.sub' } },
        },
      ],
      'EXPRESSION_INVALID',
    ],
    [
      'a claim mapping without prefix',
      [{ ...google, claim_mappings: { username: { claim: 'sub' } } }],
      'PREFIX_MISSING',
    ],
    [
      'a CA that is not base64 of certificates',
      [{ ...google, certificate_authority: 'not a pem' }],
      'CERTIFICATE_AUTHORITY_INVALID',
    ],
    ['an object instead of a list', google, 'REQUEST_INVALID'],
    [
      'an entry without audiences',
      [{ name: 'x', issuer_url: 'https://x.example.com' }],
      'AUDIENCES_MISSING',
    ],
  ])('answers 400 for %s and changes nothing', async (_case, payload, code) => {
    const cluster = await createCluster({ authentication: [google] });
    await unchanged(cluster.uuid, async () => {
      expectProblem(await call('PUT', base(cluster.uuid), payload), 400, code);
    });
  });

  it('names the entry at fault in invalid_params', async () => {
    const cluster = await createCluster();
    const response = await call('PUT', base(cluster.uuid), [
      google,
      { ...okta, issuer_url: google.issuer_url },
    ]);
    expect(response.json()).toMatchObject({ invalid_params: [{ name: '[1].issuer_url' }] });
  });

  it('answers 404 for an unknown cluster', async () => {
    await expectNoCluster('PUT', base(unknownCluster), []);
  });
});

describe('adding an entry (POST)', () => {
  it('adds it (201) beside the existing ones', async () => {
    const cluster = await createCluster({ authentication: [google] });
    const response = await ok('POST', base(cluster.uuid), okta, 201);
    expect(response.json()).toEqual(okta);
    expect(lastAudit()).toMatchObject({ action: 'create', resource_id: cluster.uuid });
    expect(await entries(cluster.uuid)).toEqual([google, okta]);
  });

  it('answers 409 for a name that exists and changes nothing', async () => {
    const cluster = await createCluster({ authentication: [google] });
    await unchanged(cluster.uuid, async () => {
      expectProblem(
        await call('POST', base(cluster.uuid), { ...okta, name: 'google' }),
        409,
        'RESOURCE_ALREADY_EXISTS',
      );
    });
  });

  it('answers 400 when the entry clashes with an existing one, or is invalid', async () => {
    const cluster = await createCluster({ authentication: [google] });
    await unchanged(cluster.uuid, async () => {
      expectProblem(
        await call('POST', base(cluster.uuid), { ...okta, issuer_url: google.issuer_url }),
        400,
        'ISSUER_URL_INVALID',
      );
      expectProblem(
        await call('POST', base(cluster.uuid), { ...okta, name: 'Okta!' }),
        400,
        'NAME_INVALID',
      );
      expectProblem(
        await call('POST', base(cluster.uuid), { ...okta, colour: 1 }),
        400,
        'UNKNOWN_ATTRIBUTE',
      );
    });
    await expectNoCluster('POST', base(unknownCluster), okta);
  });
});

describe('updating and deleting one entry', () => {
  it('updates an entry (200); the name in the path wins', async () => {
    const cluster = await createCluster({ authentication: [google, okta] });
    const response = await ok(
      'PUT',
      `${base(cluster.uuid)}/google`,
      { ...google, name: 'renamed', audiences: ['client-456'] },
      200,
    );
    expect(response.json()).toEqual({ ...google, audiences: ['client-456'] });
    expect(lastAudit()).toMatchObject({ action: 'modify' });
    expect(await entries(cluster.uuid)).toEqual([{ ...google, audiences: ['client-456'] }, okta]);
    const withoutName: Partial<Issuer> = { ...google };
    delete withoutName.name;
    await ok('PUT', `${base(cluster.uuid)}/google`, withoutName, 200);
  });

  it('answers 400 when the update clashes with the other entries, 404 for an unknown entry', async () => {
    const cluster = await createCluster({ authentication: [google, okta] });
    await unchanged(cluster.uuid, async () => {
      expectProblem(
        await call('PUT', `${base(cluster.uuid)}/okta`, { ...okta, issuer_url: google.issuer_url }),
        400,
        'ISSUER_URL_INVALID',
      );
      expectProblem(
        await call('PUT', `${base(cluster.uuid)}/okta`, { ...okta, audiences: [] }),
        400,
        'AUDIENCES_INVALID',
      );
      expectProblem(
        await call('PUT', `${base(cluster.uuid)}/nope`, google),
        404,
        'OIDC_ISSUER_NOT_FOUND',
      );
    });
  });

  it('deletes an entry (204), then it is gone (404)', async () => {
    const cluster = await createCluster({ authentication: [google, okta] });
    const response = await call('DELETE', `${base(cluster.uuid)}/google`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await entries(cluster.uuid)).toEqual([okta]);
    expectProblem(
      await call('DELETE', `${base(cluster.uuid)}/google`),
      404,
      'OIDC_ISSUER_NOT_FOUND',
    );
    await expectNoCluster('DELETE', `${base(unknownCluster)}/google`);
  });
});

const configuration = (jwt: string, extra = '') => `apiVersion: apiserver.config.k8s.io/v1
kind: AuthenticationConfiguration
${extra}jwt:
${jwt}`;

const twoIssuers = configuration(`  - issuer:
      url: https://login.example.com/tenant-a
      audiences: [kubernetes]
      certificateAuthority: |
        -----BEGIN CERTIFICATE-----
        MIIBfake
        -----END CERTIFICATE-----
    claimMappings:
      username:
        claim: email
        prefix: "oidc:"
      groups:
        expression: claims.groups
      extra:
        - key: example.org/tenant
          valueExpression: claims.tenant
    claimValidationRules:
      - claim: hd
        requiredValue: example.org
    userValidationRules:
      - expression: "!user.username.startsWith('system:')"
        message: no system users
  - issuer:
      url: https://login.example.com/tenant-b
      discoveryURL: https://discovery.example.com/.well-known/openid-configuration
      audiences: [a, b]
      audienceMatchPolicy: MatchAny
  - issuer:
      url: https://sso.example.net:8443
      audiences: [k8s]
`);

const importYaml = (uuid: string, body: string, contentType = 'application/yaml') =>
  call('PUT', `${base(uuid)}/import`, body, demoAuth, { 'content-type': contentType });

describe('importing an AuthenticationConfiguration (PUT …/import)', () => {
  it('replaces the set (200), naming issuers from their URL host', async () => {
    const cluster = await createCluster({ authentication: [google] });
    const response = await importYaml(cluster.uuid, twoIssuers);
    expect(response.statusCode).toBe(200);
    const imported = issuerListSchema.parse(response.json());
    expect(imported.map((issuer) => issuer.name)).toEqual([
      'login-example-com',
      'login-example-com-2',
      'sso-example-net-8443',
    ]);
    expect(imported[0]).toEqual({
      name: 'login-example-com',
      issuer_url: 'https://login.example.com/tenant-a',
      audiences: ['kubernetes'],
      certificate_authority: Buffer.from(pem).toString('base64'),
      claim_mappings: {
        username: { claim: 'email', prefix: 'oidc:' },
        groups: { expression: 'claims.groups' },
        extra: [{ key: 'example.org/tenant', value_expression: 'claims.tenant' }],
      },
      claim_validation_rules: [{ claim: 'hd', required_value: 'example.org' }],
      user_validation_rules: [
        { expression: "!user.username.startsWith('system:')", message: 'no system users' },
      ],
    });
    expect(imported[1]).toMatchObject({
      discovery_url: 'https://discovery.example.com/.well-known/openid-configuration',
      audience_match_policy: 'MatchAny',
    });
    expect(await entries(cluster.uuid)).toEqual(imported);
    expect(lastAudit()).toMatchObject({ action: 'import', resource_sub_type: 'authentication' });
    // The same document gives the same names again.
    expect((await importYaml(cluster.uuid, twoIssuers)).json()).toEqual(imported);
  });

  it('takes the document as a JSON string too, and an empty jwt list clears the set', async () => {
    const cluster = await createCluster({ authentication: [google] });
    const response = await call(
      'PUT',
      `${base(cluster.uuid)}/import`,
      JSON.stringify(configuration(' []\n')),
      demoAuth,
      {
        'content-type': 'application/json',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(await entries(cluster.uuid)).toEqual([]);
  });

  it.each([
    [
      'a top-level anonymous field',
      configuration(
        '  - issuer: {url: "https://a.example.com", audiences: [x]}\n',
        'anonymous:\n  enabled: true\n',
      ),
      /anonymous/,
    ],
    [
      'a field the entries cannot hold',
      configuration(
        '  - issuer: {url: "https://a.example.com", audiences: [x], egressSelectorType: controlplane}\n',
      ),
      /egressSelectorType/,
    ],
    ['an unknown top-level field', configuration('  []\n', 'authorization: {}\n'), /authorization/],
    [
      'a mapping with a field it cannot hold',
      configuration(
        '  - issuer: {url: "https://a.example.com", audiences: [x]}\n    claimMappings: {uid: {claim: sub, prefix: "x"}}\n',
      ),
      /prefix/,
    ],
    [
      'another kind',
      'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthorizationConfiguration\n',
      /kind/,
    ],
    [
      'another version',
      'apiVersion: apiserver.config.k8s.io/v1beta1\nkind: AuthenticationConfiguration\n',
      /apiVersion/,
    ],
    [
      'one issuer twice',
      configuration(
        '  - issuer: {url: "https://a.example.com", audiences: [x]}\n  - issuer: {url: "https://a.example.com", audiences: [y]}\n',
      ),
      /a\.example\.com/,
    ],
    [
      'an issuer over http',
      configuration('  - issuer: {url: "http://a.example.com", audiences: [x]}\n'),
      /https/,
    ],
    ['YAML that does not parse', 'kind: [unclosed', /YAML/],
    ['two YAML documents', `${configuration(' []\n')}---\nkind: x\n`, /YAML/],
    ['an empty body', '', /AuthenticationConfiguration/],
  ])('answers 400 for %s and changes nothing', async (_case, document, message) => {
    const cluster = await createCluster({ authentication: [google] });
    await unchanged(cluster.uuid, async () => {
      const response = await importYaml(cluster.uuid, document);
      const error = expectProblem(response, 400, response.json().error.error_code);
      expect(error.error_message).toMatch(message);
    });
  });

  it('answers 400 for a document with aliases (a billion laughs) and changes nothing', async () => {
    const laughs = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...'bcdefghi'.split('').map((name, index) => {
        const previous = 'abcdefghi'[index]!;
        return `${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`;
      }),
    ].join('\n');
    const manyAliases = `${configuration(' []\n')}x: &x 1\ny: [${Array.from({ length: 150 }, () => '*x').join(', ')}]\n`;
    const oneAlias = configuration(
      '  - issuer: &issuer {url: "https://a.example.com", audiences: [x]}\n  - issuer: *issuer\n',
    );
    const cluster = await createCluster({ authentication: [google] });
    await unchanged(cluster.uuid, async () => {
      for (const document of [laughs, manyAliases, oneAlias]) {
        const error = expectProblem(
          await importYaml(cluster.uuid, document),
          400,
          'REQUEST_INVALID',
        );
        expect(error.error_message).toMatch(/alias/);
      }
    });
  });

  it('answers 400 for a document that is not UTF-8 and changes nothing', async () => {
    const cluster = await createCluster({ authentication: [google] });
    // A Latin-1 "é" in a claim prefix: decoded leniently, it was imported as U+FFFD.
    const document = twoIssuers.replace('prefix: "oidc:"', 'prefix: "caf\u00e9:"');
    expect(document).not.toBe(twoIssuers);
    const latin1 = Buffer.from(document, 'latin1');
    await unchanged(cluster.uuid, async () => {
      const error = expectProblem(
        await call('PUT', `${base(cluster.uuid)}/import`, latin1, demoAuth, {
          'content-type': 'application/yaml',
        }),
        400,
        'REQUEST_INVALID',
      );
      expect(error.error_message).toBe('The request body is not valid UTF-8.');
    });
  });

  it('answers 413 for a body over 64 KiB and changes nothing', async () => {
    const cluster = await createCluster({ authentication: [google] });
    const padded = `${twoIssuers}\n# ${'x'.repeat(64 * 1024)}\n`;
    await unchanged(cluster.uuid, async () => {
      expectProblem(await importYaml(cluster.uuid, padded), 413, 'REQUEST_TOO_LARGE');
      const json = await call(
        'PUT',
        `${base(cluster.uuid)}/import`,
        JSON.stringify(padded),
        demoAuth,
        {
          'content-type': 'application/json',
        },
      );
      expectProblem(json, 413, 'REQUEST_TOO_LARGE');
    });
  });

  it('answers 404 for an unknown cluster', async () => {
    expectProblem(
      await importYaml(unknownCluster, twoIssuers),
      404,
      'KUBERNETES_CLUSTER_NOT_FOUND',
    );
  });
});

describe('OIDC kubeconfig', () => {
  type Kubeconfig = {
    clusters: { name: string; cluster: { server: string; 'certificate-authority-data': string } }[];
    users: { name: string; user: Record<string, unknown> }[];
    contexts: { name: string; context: { cluster: string; user: string } }[];
    'current-context': string;
  };

  it('signs in through the kubelogin exec plugin, embeds no credential, and explains the rest', async () => {
    const cluster = await createCluster({ authentication: [google, okta] });
    const response = await ok(
      'GET',
      `${base(cluster.uuid)}/okta/kubeconfig?audience=aud-b`,
      undefined,
      200,
    );
    const { kubeconfig } = kubeconfigResponseSchema.parse(response.json());
    const config = parse(kubeconfig) as Kubeconfig;
    const context = config.contexts.find((item) => item.name === config['current-context'])!;
    expect(config.clusters.map((item) => item.name)).toEqual([context.context.cluster]);
    expect(config.clusters[0]!.cluster['certificate-authority-data']).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const user = config.users.find((item) => item.name === context.context.user)!;
    expect(Object.keys(user.user)).toEqual(['exec']);
    expect(user.user.exec).toMatchObject({
      apiVersion: 'client.authentication.k8s.io/v1',
      command: 'kubectl',
      args: [
        'oidc-login',
        'get-token',
        '--oidc-issuer-url=https://example.okta.com/oauth2/default',
        '--oidc-client-id=aud-b',
      ],
    });
    expect(kubeconfig).not.toMatch(/client-key-data|client-certificate-data|token:|password/);
    const comments = parseDocument(kubeconfig).commentBefore ?? '';
    expect(comments).toContain('--oidc-client-secret');
    expect(comments).toContain('--oidc-extra-scope');
    expect(comments).toContain('kubelogin');
  });

  it('uses the first audience when none is given', async () => {
    const cluster = await createCluster({ authentication: [okta] });
    const { kubeconfig } = kubeconfigResponseSchema.parse(
      (await ok('GET', `${base(cluster.uuid)}/okta/kubeconfig`, undefined, 200)).json(),
    );
    expect(kubeconfig).toContain('--oidc-client-id=aud-a');
  });

  it('answers 400 for an audience the issuer does not have, 404 for unknown entries', async () => {
    const cluster = await createCluster({ authentication: [okta] });
    expectProblem(
      await call('GET', `${base(cluster.uuid)}/okta/kubeconfig?audience=other`),
      400,
      'AUDIENCE_INVALID',
    );
    expectProblem(
      await call('GET', `${base(cluster.uuid)}/nope/kubeconfig?audience=aud-a`),
      404,
      'OIDC_ISSUER_NOT_FOUND',
    );
    await expectNoCluster('GET', `${base(unknownCluster)}/okta/kubeconfig`);
  });
});
