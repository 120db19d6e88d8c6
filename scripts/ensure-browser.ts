// Makes sure `npm run test:e2e` has a Chromium: Playwright's own where it can be downloaded,
// else Debian's package when running as root, else it stops and says how to get one. It also
// needs curl: e2e/api-call.spec.ts runs the curl commands the panel shows, as a user would.
import { spawnSync } from 'node:child_process';
import { findChromium, playwrightOwnChromium } from './browser';

const run = (command: string, args: string[], timeoutMs: number) =>
  spawnSync(command, args, { stdio: 'inherit', timeout: timeoutMs }).status === 0;

const has = (command: string) => spawnSync('which', [command]).status === 0;

/** Installs Debian packages when running as root on a machine with apt-get. */
function aptInstall(packages: string[]): boolean {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !has('apt-get')) return false;
  console.log(`Installing ${packages.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  return apt(['update']) && apt(['install', '-y', '--no-install-recommends', ...packages]);
}

function fail(lines: string[]): never {
  console.error(lines.join('\n'));
  process.exit(1);
}

async function ensureChromium() {
  if (findChromium() || (await playwrightOwnChromium())) return;

  console.log('No Chromium found; trying Playwright’s own download…');
  if (run('npx', ['playwright', 'install', 'chromium'], 120_000) && (await playwrightOwnChromium()))
    return;

  if (aptInstall(['chromium', 'fonts-roboto-unhinted']) && findChromium()) return;

  fail([
    'The end-to-end tests need Chromium and none could be found or installed.',
    'Install one of:',
    '  sudo apt-get install -y chromium          (Debian/Ubuntu)',
    '  npx playwright install chromium           (Playwright’s own build)',
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  ]);
}

function ensureCurl() {
  if (has('curl') || (aptInstall(['curl']) && has('curl'))) return;
  fail(['The end-to-end tests need curl: sudo apt-get install -y curl (Debian/Ubuntu).']);
}

await ensureChromium();
ensureCurl();
