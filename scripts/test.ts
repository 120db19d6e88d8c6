// `npm test`: every check in order, stopping at the first failure, then the time of each step.
// Vitest and Playwright run one after the other: on two cores, overlapping them only makes both
// slower (each already uses every core).
import { spawnSync } from 'node:child_process';

const steps: [name: string, command: string][] = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['knip', 'npm run knip'],
  ['format', 'npm run format:check'],
  ['vitest', 'npm run test:unit'],
  ['browser', 'tsx scripts/ensure-browser.ts'],
  ['build', 'npm run build'],
  ['playwright', 'npx playwright test'],
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: { name: string; ms: number; ok: boolean }[] = [];
const started = Date.now();
for (const [name, command] of steps) {
  console.log(`\n▶ ${name}: ${command}`);
  const begin = Date.now();
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  results.push({ name, ms: Date.now() - begin, ok: status === 0 });
  if (status !== 0) break;
}

const width = Math.max(...steps.map(([name]) => name.length));
console.log('\nstep'.padEnd(width + 2) + '  time      result');
for (const { name, ms, ok } of results) {
  console.log(`${name.padEnd(width)}  ${seconds(ms).padStart(8)}  ${ok ? 'passed' : 'FAILED'}`);
}
const failed = results.some((result) => !result.ok);
console.log(
  `${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(8)}  ${failed ? 'FAILED' : 'passed'}`,
);
process.exit(failed ? 1 : 0);
