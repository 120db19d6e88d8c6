/**
 * A server for bench/throughput.ts, run in its own process so that the load generator does not
 * share an event loop with it. Asked `cpu`, it answers the CPU time it has used. `sandbox`: the real server as `npm start` runs it (file database,
 * warn-level logging; BENCH_RESPONSE_CACHE=off turns its response cache off); `bare`: node:http answering every request with the bytes in BODY_FILE.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildServer } from '../../server/app';
import { bearer, createToken, demoAuth } from '../../server/sandbox/testing';

const mode = process.argv[2];
const send = (message: object) => process.send?.(message);
// The CPU time this process has used (user and system, µs), for the bench's per-request cost.
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ cpu: user + system });
  }
});

if (mode === 'sandbox') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-throughput-'));
  const app = await buildServer({
    database: path.join(dir, 'sandbox.db'),
    logger: { level: 'warn' },
    cacheResponses: process.env.BENCH_RESPONSE_CACHE !== 'off',
  });
  const token = await createToken(app, demoAuth, { name: 'bench', expires_in: '1h' });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('disconnect', () => {
    void app.close().then(() => fs.rmSync(dir, { recursive: true, force: true }));
  });
  send({ origin, authorization: bearer(token.token) });
} else if (mode === 'bare') {
  const body = fs.readFileSync(process.env.BODY_FILE!);
  const contentType = process.env.BODY_CONTENT_TYPE!;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    send({ origin: `http://127.0.0.1:${port}` });
  });
  process.once('disconnect', () => server.close());
} else {
  throw new Error(`Unknown mode ${mode}: use sandbox or bare.`);
}
