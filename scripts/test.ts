// `npm test`: every check, stopping at the first failure, then the time of each step.
// The static checks are independent and each mostly single-threaded, so they run side by side and
// print their output when they end. Vitest and Playwright run one after the other: each already
// uses every core, and overlapping them only makes both slower.
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string;
}
interface Result {
  name: string;
  ms: number;
  ok: boolean;
}

const stages: Step[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
    { name: 'knip', command: 'npm run knip' },
    { name: 'format', command: 'npm run format:check' },
  ],
  [{ name: 'vitest', command: 'npm run test:unit' }],
  [{ name: 'browser', command: 'tsx scripts/ensure-browser.ts' }],
  [{ name: 'build', command: 'npm run build' }],
  [{ name: 'playwright', command: 'npx playwright test' }],
];
/** The side-by-side steps' summary line: the wall time of the stage, not the sum of its steps. */
const staticStage = 'static (side by side)';

/** Runs one step; alone it streams its output, beside others it prints it whole when it ends. */
function run({ name, command }: Step, alone: boolean): Promise<Result> {
  console.log(`\n▶ ${name}: ${command}`);
  const begin = Date.now();
  const child = spawn(command, {
    shell: true,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      const result = { name, ms: Date.now() - begin, ok: status === 0 };
      if (!alone) {
        console.log(`\n◀ ${name} (${result.ok ? 'passed' : 'FAILED'}):`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(result);
    }),
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: Result[] = [];
const started = Date.now();
for (const stage of stages) {
  const begin = Date.now();
  const stageResults = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  results.push(...stageResults);
  if (stage.length > 1) {
    const ok = stageResults.every((result) => result.ok);
    results.push({ name: staticStage, ms: Date.now() - begin, ok });
  }
  if (stageResults.some((result) => !result.ok)) break;
}

const names = [...stages.flat().map((step) => step.name), staticStage];
const width = Math.max(...names.map((name) => name.length));
console.log('\nstep'.padEnd(width + 2) + '  time      result');
for (const { name, ms, ok } of results) {
  console.log(`${name.padEnd(width)}  ${seconds(ms).padStart(8)}  ${ok ? 'passed' : 'FAILED'}`);
}
const failed = results.some((result) => !result.ok);
console.log(
  `${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(8)}  ${failed ? 'FAILED' : 'passed'}`,
);
process.exit(failed ? 1 : 0);
