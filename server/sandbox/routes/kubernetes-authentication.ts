import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseDocument } from 'yaml';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import {
  issuerListSchema,
  issuerSchema,
  issuersFromAuthenticationConfiguration,
} from '../../../contract/kubernetes-oidc';
import type { SandboxContext } from '../context';
import { ApiProblem, notFound } from '../http/errors';
import { auditContext } from '../http/principal';
import { checkIssuerSet } from '../kubernetes/checks';
import { ownCluster, readKubernetesBody } from '../kubernetes/http';
import { oidcKubeconfig } from '../kubernetes/kubeconfig';
import { issuersOf } from '../kubernetes/model';
import type { ClusterRow } from '../store/kubernetes';

type UuidParams = { Params: { uuid: string } };
type EntryParams = { Params: { uuid: string; name: string } };

const yamlTypes = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

/**
 * OIDC issuer entries of a cluster (spec §4.3; reference §9.5). Every change is validated as the
 * whole set it would leave before anything is written, so a refused request changes nothing.
 */
export function kubernetesAuthenticationRoutes(scope: FastifyInstance, context: SandboxContext) {
  const { db, audit, kubernetes } = context;

  // The import takes the AuthenticationConfiguration document itself (or it as a JSON string).
  scope.addContentTypeParser(yamlTypes, { parseAs: 'string' }, (_request, body, done) =>
    done(null, String(body)),
  );

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
    db.transaction(() => {
      kubernetes.updateCluster({ ...cluster, authentication: JSON.stringify(issuers) });
      audit.record(auditContext(request), {
        action,
        resourceType: 'kubernetes_cluster',
        resourceSubType: 'authentication',
        resourceId: cluster.uuid,
        previous: name
          ? issuersOf(cluster).find((item) => item.name === name)
          : { authentication: issuersOf(cluster) },
        current: name ? issuers.find((item) => item.name === name) : { authentication: issuers },
      });
    })();
  }

  scope.get<UuidParams>(
    '/kubernetes/:uuid/authentication',
    { config: { xmlRoot: 'authentication' } },
    async (request) => issuersOf(ownCluster(kubernetes, request, request.params.uuid)),
  );

  scope.put<UuidParams>(
    '/kubernetes/:uuid/authentication',
    { config: { xmlRoot: 'authentication' } },
    async (request) => {
      const cluster = ownCluster(kubernetes, request, request.params.uuid);
      const issuers = readKubernetesBody(request.body, issuerListSchema, {
        malformed: 400,
        invalid: 400,
      });
      checkIssuerSet(issuers, 400, '');
      replaceSet(request, cluster, issuers, 'replace');
      return issuers;
    },
  );

  scope.post<UuidParams>(
    '/kubernetes/:uuid/authentication',
    { config: { xmlRoot: 'issuer' } },
    async (request, reply) => {
      const cluster = ownCluster(kubernetes, request, request.params.uuid);
      const issuer = readKubernetesBody(request.body, issuerSchema, {
        malformed: 400,
        invalid: 400,
      });
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
      checkIssuerSet(next, 400, '');
      replaceSet(request, cluster, next, 'create', issuer.name);
      return reply.code(201).send(issuer);
    },
  );

  scope.put<UuidParams>(
    '/kubernetes/:uuid/authentication/import',
    { config: { xmlRoot: 'authentication' } },
    async (request) => {
      const cluster = ownCluster(kubernetes, request, request.params.uuid);
      if (typeof request.body !== 'string' || request.body.trim() === '') {
        throw new ApiProblem(
          400,
          'REQUEST_INVALID',
          'Send the AuthenticationConfiguration YAML document as the body (Content-Type: application/yaml), or as a JSON string.',
        );
      }
      const document = parseDocument(request.body, { prettyErrors: false });
      if (document.errors.length > 0) {
        throw new ApiProblem(
          400,
          'REQUEST_INVALID',
          `The document is not valid YAML: ${document.errors[0]!.message}`,
        );
      }
      const result = issuersFromAuthenticationConfiguration(document.toJS());
      if (!result.ok) {
        throw new ApiProblem(400, 'CONFIGURATION_INVALID', result.message, {}, [
          { name: 'configuration', reason: result.message },
        ]);
      }
      replaceSet(request, cluster, result.issuers, 'import');
      return result.issuers;
    },
  );

  scope.get<EntryParams>(
    '/kubernetes/:uuid/authentication/:name',
    { config: { xmlRoot: 'issuer' } },
    async (request) => ownEntry(request, request.params.uuid, request.params.name).issuer,
  );

  scope.put<EntryParams>(
    '/kubernetes/:uuid/authentication/:name',
    { config: { xmlRoot: 'issuer' } },
    async (request) => {
      const { cluster, issuers, index } = ownEntry(
        request,
        request.params.uuid,
        request.params.name,
      );
      const body = request.body;
      const named =
        body !== null && typeof body === 'object' && !Array.isArray(body)
          ? { ...body, name: request.params.name }
          : body;
      const issuer = readKubernetesBody(named, issuerSchema, {
        malformed: 400,
        invalid: 400,
      });
      const next = issuers.map((item, position) => (position === index ? issuer : item));
      checkIssuerSet(next, 400, '');
      replaceSet(request, cluster, next, 'modify', issuer.name);
      return issuer;
    },
  );

  scope.delete<EntryParams>('/kubernetes/:uuid/authentication/:name', async (request, reply) => {
    const { cluster, issuers, issuer } = ownEntry(
      request,
      request.params.uuid,
      request.params.name,
    );
    replaceSet(
      request,
      cluster,
      issuers.filter((item) => item !== issuer),
      'delete',
      issuer.name,
    );
    return reply.code(204).send();
  });

  scope.get<EntryParams & { Querystring: { audience?: unknown } }>(
    '/kubernetes/:uuid/authentication/:name/kubeconfig',
    async (request) => {
      const { cluster, issuer } = ownEntry(request, request.params.uuid, request.params.name);
      const { audience } = request.query;
      if (
        audience !== undefined &&
        (typeof audience !== 'string' || !issuer.audiences.includes(audience))
      ) {
        throw new ApiProblem(
          400,
          'AUDIENCE_INVALID',
          `The audience must be one of the issuer's audiences: ${issuer.audiences.join(', ')}.`,
          {},
          [{ name: 'audience', reason: 'Not an audience of the issuer.' }],
        );
      }
      return { kubeconfig: oidcKubeconfig(cluster, issuer, audience ?? issuer.audiences[0]!) };
    },
  );
}
