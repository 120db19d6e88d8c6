import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseDocument, visit } from 'yaml';
import { kubernetesAuthenticationEndpoints } from '../../../contract/kubernetes';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { issuersFromAuthenticationConfiguration } from '../../../contract/kubernetes-oidc';
import type { SandboxContext } from '../context';
import type { Endpoint } from '../../../contract/endpoint';
import { ApiProblem, notFound } from '../http/errors';
import { auditContext } from '../http/principal';
import { bodyText } from '../http/request-body';
import { checkIssuerSet } from '../kubernetes/checks';
import { badRequestStatuses, kubernetesRouter, ownCluster } from '../kubernetes/http';
import { oidcKubeconfig } from '../kubernetes/kubeconfig';
import { issuersOf } from '../kubernetes/model';
import type { ClusterRow } from '../store/kubernetes';

const yamlTypes = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

/** An AuthenticationConfiguration is a few KB: a larger import answers 413. */
const importBodyLimit = 64 * 1024;

/** Whether a YAML document uses an alias (`*name`): refused, so none can multiply (billion laughs). */
function hasAlias(document: ReturnType<typeof parseDocument>) {
  let found = false;
  visit(document, {
    Alias: () => {
      found = true;
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * OIDC issuer entries of a cluster (api-rules §4.3; api-reference-notes §9.5). Every change is validated as the
 * whole set it would leave before anything is written, so a refused request changes nothing.
 */
export function kubernetesAuthenticationRoutes(scope: FastifyInstance, context: SandboxContext) {
  const { audit, kubernetes } = context;
  const endpoints = kubernetesAuthenticationEndpoints;

  // The import takes the AuthenticationConfiguration document itself (or it as a JSON string).
  scope.addContentTypeParser(yamlTypes, { parseAs: 'buffer' }, (_request, body, done) => {
    const text = bodyText(body as Buffer);
    if (text instanceof ApiProblem) done(text);
    else done(null, text);
  });

  const route = kubernetesRouter(scope);

  /** Validates the set a change would leave (the endpoint's invalid status), then stores it. */
  function checkedReplace(
    endpoint: Endpoint,
    request: FastifyRequest,
    cluster: ClusterRow,
    issuers: Issuer[],
    action: string,
    name?: string,
  ) {
    checkIssuerSet(issuers, badRequestStatuses(endpoint).invalid, '');
    replaceSet(request, cluster, issuers, action, name);
  }

  function ownEntry(request: FastifyRequest, uuid: string, name: string) {
    const cluster = ownCluster(kubernetes, request, uuid);
    const issuers = issuersOf(cluster);
    const index = issuers.findIndex((issuer) => issuer.name === name);
    if (index === -1) throw notFound('OIDC issuer', name);
    return { cluster, issuers, index, issuer: issuers[index]! };
  }

  function replaceSet(
    request: FastifyRequest,
    cluster: ClusterRow,
    issuers: Issuer[],
    action: string,
    name?: string,
  ) {
    audit.change(auditContext(request), {
      action,
      resourceType: 'kubernetes_cluster',
      resourceSubType: 'authentication',
      resourceId: cluster.uuid,
      before: () =>
        name
          ? issuersOf(cluster).find((item) => item.name === name)
          : { authentication: issuersOf(cluster) },
      write: () =>
        kubernetes.updateCluster({ ...cluster, authentication: JSON.stringify(issuers) }),
      after: () =>
        name ? issuers.find((item) => item.name === name) : { authentication: issuers },
    });
  }

  route(
    endpoints.list,
    async ({ request, params }) => issuersOf(ownCluster(kubernetes, request, params.uuid)),
    { xmlRoot: 'authentication' },
  );

  route(
    endpoints.replace,
    async ({ request, params, body: issuers }) => {
      const cluster = ownCluster(kubernetes, request, params.uuid);
      checkedReplace(endpoints.replace, request, cluster, issuers, 'replace');
      return issuers;
    },
    { xmlRoot: 'authentication' },
  );

  route(
    endpoints.create,
    async ({ request, params, body: issuer }) => {
      const cluster = ownCluster(kubernetes, request, params.uuid);
      const existing = issuersOf(cluster);
      if (existing.some((item) => item.name === issuer.name)) {
        throw new ApiProblem(
          409,
          'RESOURCE_ALREADY_EXISTS',
          `The cluster already has an OIDC issuer named ${issuer.name}.`,
          {},
          [{ name: 'name', reason: 'An entry with this name exists.' }],
        );
      }
      const next = [...existing, issuer];
      checkedReplace(endpoints.create, request, cluster, next, 'create', issuer.name);
      return issuer;
    },
    { xmlRoot: 'issuer' },
  );

  route(
    endpoints.import,
    async ({ request, params, body: document }) => {
      const cluster = ownCluster(kubernetes, request, params.uuid);
      const refused = badRequestStatuses(endpoints.import).invalid;
      const parsed = parseDocument(document, { prettyErrors: false });
      if (parsed.errors.length > 0) {
        throw new ApiProblem(
          refused,
          'REQUEST_INVALID',
          `The document is not valid YAML: ${parsed.errors[0]!.message}`,
        );
      }
      if (hasAlias(parsed)) {
        throw new ApiProblem(
          refused,
          'REQUEST_INVALID',
          'The document may not use YAML aliases (*name): write each value out.',
        );
      }
      const result = issuersFromAuthenticationConfiguration(parsed.toJS());
      if (!result.ok) {
        throw new ApiProblem(refused, 'CONFIGURATION_INVALID', result.message, {}, [
          { name: 'configuration', reason: result.message },
        ]);
      }
      replaceSet(request, cluster, result.issuers, 'import');
      return result.issuers;
    },
    {
      xmlRoot: 'authentication',
      // An AuthenticationConfiguration is a few KB: a larger body is refused before parsing.
      bodyLimit: importBodyLimit,
      // The document as text: YAML (its own content type) or a JSON string.
      readBody: ({ body }, statuses) => {
        if (typeof body !== 'string' || body.trim() === '') {
          throw new ApiProblem(
            statuses.malformed,
            'REQUEST_INVALID',
            'Send the AuthenticationConfiguration YAML document as the body (Content-Type: application/yaml), or as a JSON string.',
          );
        }
        return body;
      },
    },
  );

  route(
    endpoints.get,
    async ({ request, params }) => ownEntry(request, params.uuid, params.name).issuer,
    { xmlRoot: 'issuer' },
  );

  route(
    endpoints.update,
    async ({ request, params, body: issuer }) => {
      const { cluster, issuers, index } = ownEntry(request, params.uuid, params.name);
      const next = issuers.map((item, position) => (position === index ? issuer : item));
      checkedReplace(endpoints.update, request, cluster, next, 'modify', issuer.name);
      return issuer;
    },
    {
      xmlRoot: 'issuer',
      // The name in the path is authoritative: it replaces (or supplies) the body's.
      bodyOf: (request) => {
        const { body } = request;
        const { name } = request.params as { name: string };
        return body !== null && typeof body === 'object' && !Array.isArray(body)
          ? { ...body, name }
          : body;
      },
    },
  );

  route(endpoints.delete, async ({ request, params }) => {
    const { cluster, issuers, issuer } = ownEntry(request, params.uuid, params.name);
    replaceSet(
      request,
      cluster,
      issuers.filter((item) => item !== issuer),
      'delete',
      issuer.name,
    );
  });

  route(endpoints.kubeconfig, async ({ request, params, query: { audience } }) => {
    const { cluster, issuer } = ownEntry(request, params.uuid, params.name);
    if (
      audience !== undefined &&
      (typeof audience !== 'string' || !issuer.audiences.includes(audience))
    ) {
      throw new ApiProblem(
        badRequestStatuses(endpoints.kubeconfig).invalid,
        'AUDIENCE_INVALID',
        `The audience must be one of the issuer's audiences: ${issuer.audiences.join(', ')}.`,
        {},
        [{ name: 'audience', reason: 'Not an audience of the issuer.' }],
      );
    }
    return { kubeconfig: oidcKubeconfig(cluster, issuer, audience ?? issuer.audiences[0]!) };
  });
}
