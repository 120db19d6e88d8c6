// Makes sure `npm run test:e2e` has a Chromium: Playwright's own where it can be downloaded,
// else Debian's package when running as root, else it stops and says how to get one.
import { spawnSync } from 'node:child_process';
import { findChromium, playwrightOwnChromium } from './browser';

const run = (command: string, args: string[], timeoutMs: number) =>
  spawnSync(command, args, { stdio: 'inherit', timeout: timeoutMs }).status === 0;

async function main() {
  if (findChromium() || (await playwrightOwnChromium())) return;

  console.log('No Chromium found; trying Playwright’s own download…');
  if (run('npx', ['playwright', 'install', 'chromium'], 120_000) && (await playwrightOwnChromium()))
    return;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && spawnSync('which', ['apt-get']).status === 0) {
    console.log('Installing Debian’s chromium with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = (args: string[]) =>
      spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
    if (
      apt(['update']) &&
      apt(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-roboto-unhinted'])
    ) {
      if (findChromium()) return;
    }
  }

  console.error(
    [
      'The end-to-end tests need Chromium and none could be found or installed.',
      'Install one of:',
      '  sudo apt-get install -y chromium          (Debian/Ubuntu)',
      '  npx playwright install chromium           (Playwright’s own build)',
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}

await main();
