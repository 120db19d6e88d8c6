import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/app';
import { lowestPasswordCost } from '../../server/sandbox/credentials';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
  }
}

/** One real sandbox (in-memory, seeded) for the panel's component tests: no mocks (docs/architecture.md, "One fake backend"). */
export default async function setup(project: TestProject) {
  const app = await buildServer({
    database: ':memory:',
    logger: false,
    authFailureLimit: 100_000,
    checkAnswers: true,
    passwordCost: lowestPasswordCost,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  project.provide('sandboxUrl', url);
  return async () => {
    await app.close();
  };
}
