// `npm test`: every check, then the time of each step.
// Vitest runs first, alone: its files keep both cores busy. Then the browser suite and the static
// checks run side by side: Playwright's tests spend much of their time waiting (on the sandbox's
// simulated clock, on the panel's polling), and the static checks, each mostly single-threaded,
// fill those waits instead of adding a minute of their own. The browser lane streams its output;
// the others print theirs when they end. A failed stage stops the run.
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
/** Steps that run one after the other; the lanes of a stage run side by side. */
type Lane = Step[];

const stages: Lane[][] = [
  [[{ name: 'vitest', command: 'npm run test:unit' }]],
  [
    [
      { name: 'browser', command: 'tsx scripts/ensure-browser.ts' },
      { name: 'build', command: 'npm run build' },
      { name: 'playwright', command: 'npx playwright test' },
    ],
    [{ name: 'typecheck', command: 'npm run typecheck' }],
    [{ name: 'lint', command: 'npm run lint' }],
    [{ name: 'knip', command: 'npm run knip' }],
    [{ name: 'format', command: 'npm run format:check' }],
  ],
];

/** Runs one step; streamed, its output shows as it comes, else whole when it ends. */
function run({ name, command }: Step, streamed: boolean): Promise<Result> {
  console.log(`\n▶ ${name}: ${command}`);
  const begin = Date.now();
  const child = spawn(command, {
    shell: true,
    stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      const result = { name, ms: Date.now() - begin, ok: status === 0 };
      if (!streamed) {
        console.log(`\n◀ ${name} (${result.ok ? 'passed' : 'FAILED'}):`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(result);
    }),
  );
}

/** A lane's steps in order, up to the first that fails; the first lane of a stage streams. */
async function runLane(lane: Lane, streamed: boolean): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of lane) {
    const result = await run(step, streamed);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: Result[] = [];
const started = Date.now();
for (const [index, stage] of stages.entries()) {
  const begin = Date.now();
  const lanes = await Promise.all(stage.map((lane, laneIndex) => runLane(lane, laneIndex === 0)));
  const stageResults = lanes.flat();
  results.push(...stageResults);
  const ok = stageResults.every((result) => result.ok);
  if (stage.length > 1) {
    results.push({ name: `stage ${index + 1} (side by side)`, ms: Date.now() - begin, ok });
  }
  if (!ok) break;
}

const width = Math.max(...results.map((result) => result.name.length), 'total'.length);
console.log('\nstep'.padEnd(width + 2) + '  time      result');
for (const { name, ms, ok } of results) {
  console.log(`${name.padEnd(width)}  ${seconds(ms).padStart(8)}  ${ok ? 'passed' : 'FAILED'}`);
}
const failed = results.some((result) => !result.ok);
console.log(
  `${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(8)}  ${failed ? 'FAILED' : 'passed'}`,
);
process.exit(failed ? 1 : 0);
