import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { sendProblem, toProblem } from './http/problem';
import type { SandboxContext } from './context';
import { ApiProblem } from './http/errors';
import { createTenants } from './tenants';
import { demoUsers } from './seed';
import type { SeedUser } from './seed';
import { demoAccountsPath } from '../../contract/sandbox';
import type { DemoAccounts } from '../../contract/sandbox';

const faultsBody = z.strictObject({
  maintenance: z.boolean().optional(),
  fail_next: z.int().min(0).max(1000).optional(),
});

/** Only the machine the sandbox runs on may switch its faults, whatever address it listens on. */
function fromLoopback(address: string): boolean {
  try {
    const parsed = ipaddr.process(address);
    return parsed.range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * The sandbox's own control surface (not part of the API), reachable from this machine only:
 * - `/_sandbox/faults`: a developer or a test can put the service into maintenance (503) or make
 *   the next requests fail with 500 and watch a client cope. GET reads the switches, PUT changes
 *   any of them.
 * - `POST /_sandbox/tenants`: a fresh copy of the demo data under new account names and
 *   passwords (tenants.ts), answered with their credentials, so each test has data of its own.
 */
export function sandboxControl(sandbox: SandboxContext) {
  const { faults } = sandbox;
  const tenants = createTenants(sandbox);
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request) => {
      if (!fromLoopback(request.ip)) {
        throw new ApiProblem(
          403,
          'FORBIDDEN',
          'The sandbox control is reachable from this machine only.',
        );
      }
    });
    scope.setErrorHandler((error, _request, reply) => sendProblem(reply, toProblem(error)));
    scope.get('/faults', async () => faults.settings());
    scope.put('/faults', async (request) => {
      const parsed = faultsBody.safeParse(request.body);
      if (!parsed.success) {
        throw new ApiProblem(
          400,
          'REQUEST_INVALID',
          'Send a JSON object with "maintenance" (true or false) and/or "fail_next" (0 to 1000).',
        );
      }
      return faults.update(parsed.data);
    });
    scope.post('/tenants', async (_request, reply) => reply.code(201).send(tenants.create()));
  };
}

const demoDescriptions: Record<SeedUser, string> = {
  demo: 'Main account with servers, storage and networks',
  demo_viewer: 'Subaccount of demo without billing permission',
  partner: 'Partner account that manages customer accounts',
  other: 'An unrelated main account',
};

/**
 * `GET /_sandbox/demo-accounts`: the seeded sign-ins (already published in the README), from any
 * client the Host check lets in, so the sign-in page of a sandbox offers them. Proxy mode has no
 * such route.
 */
export async function sandboxDemoAccounts(app: FastifyInstance) {
  app.get(demoAccountsPath, async (): Promise<DemoAccounts> => ({
    accounts: Object.entries(demoUsers).map(([username, password]) => ({
      username,
      password,
      description: demoDescriptions[username as SeedUser],
    })),
  }));
}
