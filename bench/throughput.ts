/**
 * Sandbox throughput (issue 11): `GET /1.3/storage?limit=25` with autocannon against the sandbox
 * and, in the same run, against a bare node:http server returning the same bytes — the floor any
 * Node server stands on. Prints both, their ratio (target ≥ 0.5) and p99 latency at 32
 * connections; writes bench/results/throughput.json. BENCH_SECONDS sets each run's length.
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

async function load(url: string, headers: Record<string, string>) {
  // A short warm-up so that the JIT and SQLite's page cache are in their steady state.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.errors || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return {
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    requests: result.requests.total,
  };
}

const sandbox = await start('sandbox');
const headers = { authorization: sandbox.message.authorization! };
const sample = await fetch(`${sandbox.message.origin}${route}`, { headers });
if (!sample.ok) throw new Error(`${route} answered ${sample.status}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-throughput-body-'));
const bodyFile = path.join(dir, 'body');
fs.writeFileSync(bodyFile, Buffer.from(await sample.arrayBuffer()));
const bare = await start('bare', {
  BODY_FILE: bodyFile,
  BODY_CONTENT_TYPE: sample.headers.get('content-type') ?? 'application/json',
});

try {
  const sandboxResult = await load(`${sandbox.message.origin}${route}`, headers);
  const bareResult = await load(`${bare.message.origin}${route}`, headers);
  const ratio =
    Math.round((sandboxResult.requests_per_second / bareResult.requests_per_second) * 100) / 100;
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    route,
    connections,
    seconds,
    response_bytes: fs.statSync(bodyFile).size,
    sandbox: sandboxResult,
    bare_node_http: bareResult,
    ratio,
    target_ratio: 0.5,
  };
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'throughput.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.table({ sandbox: sandboxResult, 'bare node:http': bareResult });
  console.log(`Throughput ratio sandbox / bare: ${ratio} (target ≥ 0.5)`);
} finally {
  sandbox.child.disconnect();
  bare.child.disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
}
