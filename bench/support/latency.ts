import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import type { SkydeckServer } from '../../server/app';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const round = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * Times `runs` GETs of `url` (after ten unmeasured ones) and answers the median and 95th
 * percentile in ms; `read` sees every answer, which must be a 200.
 */
export async function timeGet(
  app: SkydeckServer,
  url: string,
  authorization: string,
  runs: number,
  read: (response: LightMyRequestResponse) => void,
) {
  const times: number[] = [];
  for (let run = -10; run < runs; run += 1) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization } });
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    read(response);
    if (run >= 0) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { median_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)) };
}

/** Writes `report` to bench/results/<name>.json. */
export function writeResults(name: string, report: object) {
  const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
