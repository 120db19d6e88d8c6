import { Document } from 'yaml';
import type { Issuer } from '../../../contract/kubernetes-oidc';

export interface KubeconfigCluster {
  uuid: string;
  name: string;
  zone: string;
  ca_certificate: string;
  client_certificate: string;
  client_key: string;
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Where the cluster's API server answers; `.test` names never resolve outside the sandbox. */
export const apiServerUrl = (cluster: Pick<KubeconfigCluster, 'uuid' | 'zone'>) =>
  `https://lb-${cluster.uuid.replace(/-/g, '')}-1.${cluster.zone}.k8s.skydeck.test:6443`;

const clusterEntry = (cluster: KubeconfigCluster) => ({
  name: cluster.name,
  cluster: {
    'certificate-authority-data': base64(cluster.ca_certificate),
    server: apiServerUrl(cluster),
  },
});

/** The administrator's kubeconfig (api-reference-notes §9.1): client certificate and key of the cluster CA. */
export function adminKubeconfig(cluster: KubeconfigCluster): string {
  return kubeconfigDocument(
    cluster,
    `${cluster.name}-admin`,
    `${cluster.name}-admin@${cluster.name}`,
    {
      'client-certificate-data': base64(cluster.client_certificate),
      'client-key-data': base64(cluster.client_key),
    },
  ).toString({ lineWidth: 0 });
}

/** A kubeconfig of one cluster, one user (`credentials` its `user` entry) and the context joining them. */
function kubeconfigDocument(
  cluster: KubeconfigCluster,
  user: string,
  context: string,
  credentials: Record<string, unknown>,
) {
  return new Document({
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: [clusterEntry(cluster)],
    users: [{ name: user, user: credentials }],
    contexts: [{ name: context, context: { cluster: cluster.name, user } }],
    'current-context': context,
  });
}

/**
 * A kubeconfig whose user signs in through the issuer with the kubelogin exec plugin (api-rules §4.3
 * OIDC kubeconfig rules): no credential in the file, and comments on the client secret and
 * provider flags, which the service does not know and so never writes.
 */
export function oidcKubeconfig(
  cluster: KubeconfigCluster,
  issuer: Issuer,
  audience: string,
): string {
  const document = kubeconfigDocument(
    cluster,
    `oidc-${issuer.name}`,
    `${cluster.name}-oidc-${issuer.name}`,
    {
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1',
        command: 'kubectl',
        args: [
          'oidc-login',
          'get-token',
          `--oidc-issuer-url=${issuer.issuer_url}`,
          `--oidc-client-id=${audience}`,
        ],
        interactiveMode: 'IfAvailable',
        provideClusterInfo: false,
      },
    },
  );
  document.commentBefore = [
    ` Kubeconfig for cluster ${cluster.name} (${cluster.uuid}), signing in through the OIDC`,
    ` issuer "${issuer.name}" (${issuer.issuer_url}) with client id "${audience}".`,
    '',
    ' It needs the kubelogin plugin (https://github.com/int128/kubelogin), installed for',
    ' example with `kubectl krew install oidc-login`. No long-lived credential is stored here:',
    ' kubelogin fetches a short-lived ID token from the issuer when kubectl needs one.',
    '',
    ' A confidential OIDC client needs its secret. Add it to the args below yourself:',
    '     - --oidc-client-secret=<your client secret>',
    ' Provider-specific flags go there too, for example:',
    '     - --oidc-extra-scope=email',
    '     - --oidc-extra-scope=groups',
    '     - --oidc-use-pkce',
    '     - --oidc-redirect-url=http://localhost:8000',
    ' Run `kubectl oidc-login setup --help` for every flag your provider may need.',
  ].join('\n');
  const args = document.getIn(['users', 0, 'user', 'exec', 'args'], true) as {
    commentBefore?: string;
  };
  args.commentBefore = ' add --oidc-client-secret=… and provider flags here';
  return document.toString({ lineWidth: 0 });
}
