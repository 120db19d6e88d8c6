/**
 * Sandbox throughput (issues 11 and 23): autocannon at 32 connections against the sandbox and, in
 * the same run, against a bare node:http server returning the same bytes — the floor any Node
 * server stands on, so the ratio means the same on a loaded machine. Three runs:
 * - cached: `GET /1.3/storage?limit=25` as `npm start` serves it (the response cache on);
 * - uncached: the same read on a sandbox without the response cache (auth, validation, the page's
 *   index walk in SQL and the reply on every request; each storage's JSON is kept until its row or
 *   labels are written, store/list-queries.ts rowTextCache);
 * - mixed: 90 % that read, 10 % writes (a storage's title changed back and forth), which also
 *   invalidate the cache.
 * The floor is measured before and after each run (the load of a shared machine drifts) and each
 * ratio is to the mean of the two around it. Each run also gives the server process's CPU time per
 * request, which other processes on the machine disturb less than its throughput. Prints one table
 * (req/s, ratio; target ≥ 0.5 cached, ≥ 0.3 uncached; p50/p99 latency; CPU µs per request) and
 * writes bench/results/throughput.json. BENCH_SECONDS sets each run's length.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 32;
const route = '/1.3/storage?limit=25';
const targets = { cached: 0.5, uncached: 0.3 } as Record<string, number>;

function start(mode: 'sandbox' | 'bare', env: NodeJS.ProcessEnv = {}) {
  const child = fork(path.join(here, 'support', 'throughput-target.ts'), [mode], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
  });
  return new Promise<{ child: ChildProcess; message: Record<string, string> }>(
    (resolve, reject) => {
      child.once('message', (message) =>
        resolve({ child, message: message as Record<string, string> }),
      );
      child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
    },
  );
}

type Target = Awaited<ReturnType<typeof start>>;
type Requests = autocannon.Request[] | undefined;

/** The CPU time (µs) the target's process has used so far. */
function cpuOf(target: Target) {
  return new Promise<number>((resolve) => {
    const answer = (message: unknown) => {
      const cpu = (message as { cpu?: number }).cpu;
      if (cpu === undefined) return;
      target.child.off('message', answer);
      resolve(cpu);
    };
    target.child.on('message', answer);
    target.child.send('cpu');
  });
}

async function load(target: Target, headers: Record<string, string>, requests?: Requests) {
  const url = `${target.message.origin}${route}`;
  const options = { url, connections, headers, ...(requests ? { requests } : {}) };
  // A short warm-up so that the JIT and SQLite's page cache are in their steady state.
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = await cpuOf(target);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = (await cpuOf(target)) - cpuBefore;
  if (result.errors || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return {
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    requests: result.requests.total,
    cpu_us_per_request: Math.round((cpu / result.requests.total) * 10) / 10,
  };
}

/** The floor's runs as one: mean throughput, worst latencies, all requests. */
function mean(runs: Awaited<ReturnType<typeof load>>[]) {
  return {
    requests_per_second: Math.round(
      runs.reduce((sum, run) => sum + run.requests_per_second, 0) / runs.length,
    ),
    latency_p50_ms: Math.max(...runs.map((run) => run.latency_p50_ms)),
    latency_p99_ms: Math.max(...runs.map((run) => run.latency_p99_ms)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    cpu_us_per_request:
      Math.round((runs.reduce((sum, run) => sum + run.cpu_us_per_request, 0) / runs.length) * 10) /
      10,
  };
}

/** Every connection repeats 20 requests: 18 reads and 2 writes, one after each 9 reads. */
function mixedRequests(storage: string): Requests {
  const read = { method: 'GET' as const, path: route };
  const write = (title: string) => ({
    method: 'PUT' as const,
    path: `/1.3/storage/${storage}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ storage: { title } }),
  });
  const reads = Array.from({ length: 9 }, () => read);
  return [...reads, write('bench mixed a'), ...reads, write('bench mixed b')];
}

const [cached, uncached] = await Promise.all([
  start('sandbox'),
  start('sandbox', { BENCH_RESPONSE_CACHE: 'off' }),
]);
const authorization = (target: Target) => ({
  authorization: target.message.authorization!,
});
const sample = await fetch(`${cached.message.origin}${route}`, { headers: authorization(cached) });
if (!sample.ok) throw new Error(`${route} answered ${sample.status}`);
const body = Buffer.from(await sample.arrayBuffer());
const privates = await fetch(`${cached.message.origin}/1.3/storage/private`, {
  headers: authorization(cached),
});
const listed = (await privates.json()) as {
  storages: { storage: { uuid: string; type: string }[] };
};
const writable = listed.storages.storage.find((storage) => storage.type === 'normal');
if (!writable) throw new Error('The demo account has no private normal storage to write to');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-throughput-body-'));
const bodyFile = path.join(dir, 'body');
fs.writeFileSync(bodyFile, body);
const bare = await start('bare', {
  BODY_FILE: bodyFile,
  BODY_CONTENT_TYPE: sample.headers.get('content-type') ?? 'application/json',
});

try {
  // The machine's load drifts: each sandbox run stands between two runs of the floor, and its
  // ratio is to their mean.
  const floor = () => load(bare, authorization(cached));
  const floors = [await floor()];
  const runs: Record<string, Awaited<ReturnType<typeof load>> & { floor: number }> = {};
  for (const [name, target, requests] of [
    ['cached', cached],
    ['uncached', uncached],
    ['mixed', cached, mixedRequests(writable.uuid)],
  ] as const) {
    const result = await load(target, authorization(target), requests);
    floors.push(await floor());
    const around = floors.slice(-2).map((run) => run.requests_per_second);
    runs[name] = { ...result, floor: Math.round((around[0]! + around[1]!) / 2) };
  }
  const bareRuns = mean(floors);
  const results = {
    'bare node:http': { ...bareRuns, floor: bareRuns.requests_per_second },
    ...runs,
  };
  const table = Object.fromEntries(
    Object.entries(results).map(([name, result]) => [
      name,
      {
        'req/s': result.requests_per_second,
        ratio: Math.round((result.requests_per_second / result.floor) * 100) / 100,
        target: targets[name] ? `≥ ${targets[name]}` : '',
        'p50 ms': result.latency_p50_ms,
        'p99 ms': result.latency_p99_ms,
        'cpu µs/req': result.cpu_us_per_request,
      },
    ]),
  );
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    route,
    mixed: '90 % reads of the route, 10 % PUT /1.3/storage/{uuid} (title)',
    connections,
    seconds,
    response_bytes: body.length,
    runs: results,
    ratios: Object.fromEntries(Object.entries(table).map(([name, row]) => [name, row.ratio])),
    target_ratios: targets,
  };
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'throughput.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.table(table);
} finally {
  for (const target of [cached, uncached, bare]) target.child.disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
}
