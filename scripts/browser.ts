import fs from 'node:fs';

/** Chromium for Playwright: an explicit path, then Debian's, then Playwright's own download. */
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter(Boolean);
  for (const candidate of candidates) if (candidate && fs.existsSync(candidate)) return candidate;
  return undefined;
}

export async function playwrightOwnChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && fs.existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Flags this environment needs: no sandbox as root, and no calls home on a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
