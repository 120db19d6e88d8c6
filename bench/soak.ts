/**
 * Bounded loopback soak (issue 19): the sandbox listening on 127.0.0.1, in this process.
 *
 * 1. 2,000 storage-list requests with random label filters (up to the 32 a list takes): prints the
 *    growth of resident memory from after a warm-up to the end (goal: within 50 MB).
 * 2. 200 failed password attempts from 20 attackers at once, each attempt from its own address
 *    (the sandbox judges the socket's address, never X-Forwarded-For, so they are injected with
 *    `remoteAddress`), while a client with a valid token keeps calling over the socket: prints
 *    that client's p99 (goal: < 100 ms).
 *
 * Run with `npm run bench:soak` (Node's --expose-gc lets it collect garbage before measuring).
 * Exits non-zero when a goal is missed.
 */
import { buildServer } from '../server/app';
import { basicAuth, bearer } from '../server/sandbox/testing';
import { demoUsers } from '../server/sandbox/seed';

const listRequests = 2_000;
const passwordAttempts = 200;
const attackers = 20;
const memoryGoalMb = 50;
const p99GoalMs = 100;

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const rssMb = () => {
  collect();
  return process.memoryUsage().rss / 2 ** 20;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const randomLabels = () => {
  const count = 1 + Math.floor(Math.random() * 32);
  return Array.from({ length: count }, () => {
    const key = `k${Math.floor(Math.random() * 1_000_000)}`;
    return Math.random() < 0.5
      ? `label=${key}`
      : `label=${key}=${Math.random().toString(36).slice(2)}`;
  }).join('&');
};

const app = await buildServer({ database: ':memory:', authFailureLimit: 20 });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const created = await fetch(`${origin}/1.3/account/tokens`, {
    method: 'POST',
    headers: {
      authorization: basicAuth('demo', demoUsers.demo),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'soak', expires_in: '1h' }),
  });
  if (created.status !== 201) throw new Error(`token create answered ${created.status}`);
  const token = bearer(((await created.json()) as { token: string }).token);
  const call = async (path: string) => {
    const response = await fetch(`${origin}${path}`, { headers: { authorization: token } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  };

  // 1. Label filters.
  for (let request = 0; request < 200; request += 1) await call(`/1.3/storage?${randomLabels()}`);
  const startMb = rssMb();
  for (let request = 0; request < listRequests; request += 1) {
    await call(`/1.3/storage?${randomLabels()}`);
  }
  const endMb = rssMb();
  const growthMb = endMb - startMb;
  console.log(
    `storage lists: ${listRequests} requests with random label sets; RSS ${startMb.toFixed(1)} MB → ${endMb.toFixed(1)} MB, growth ${growthMb.toFixed(1)} MB (goal ≤ ${memoryGoalMb} MB)`,
  );

  // 2. Password guessing from many addresses while a token client works; first the same client
  // without an attack, as the machine's own floor.
  const quiet: number[] = [];
  for (let request = 0; request < 1_000; request += 1) {
    const started = performance.now();
    await call('/1.3/account');
    quiet.push(performance.now() - started);
  }
  console.log(
    `token requests without an attack: ${quiet.length}, p50 ${percentile(quiet, 50).toFixed(1)} ms, p99 ${percentile(quiet, 99).toFixed(1)} ms`,
  );
  const latencies: number[] = [];
  let attacking = true;
  const client = (async () => {
    while (attacking) {
      const started = performance.now();
      await call('/1.3/account');
      latencies.push(performance.now() - started);
    }
  })();
  const statuses = new Map<number, number>();
  let next = 0;
  // Attackers on `attackers` connections, each sending its next guess when the last is answered.
  await Promise.all(
    Array.from({ length: attackers }, async () => {
      for (let attempt = next++; attempt < passwordAttempts; attempt = next++) {
        const response = await app.inject({
          url: '/1.3/account',
          remoteAddress: `10.0.${Math.floor(attempt / 250)}.${1 + (attempt % 250)}`,
          // Unknown usernames: each costs a full (decoy) hash, and no username budget runs out.
          headers: { authorization: basicAuth(`guess_${attempt}`, `wrong-${attempt}`) },
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    }),
  );
  attacking = false;
  await client;
  const p99 = percentile(latencies, 99);
  console.log(
    `password guesses: ${passwordAttempts} failed attempts (${[...statuses].map(([status, count]) => `${count}×${status}`).join(', ')}); concurrent token requests: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal < ${p99GoalMs} ms)`,
  );
  if (growthMb > memoryGoalMb || p99 >= p99GoalMs) process.exitCode = 1;
} finally {
  await app.close();
}
