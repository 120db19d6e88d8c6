/**
 * The panel as users get it (issue 11): the production build served like `npm start`.
 * - Storage list: navigation to the first data row, against the floor — a minimal plain-DOM page
 *   that fetches the same endpoint with the same token and renders one table; their ratio. Each
 *   navigation starts from a page of another site, as a user's does (`startPage`). Also timed:
 *   the page rendered anew on every run (the panel's figure is a page sent again, its reads
 *   unchanged), the page drawn in the browser (no render cookie), the server's page served from
 *   memory (the page's own cost, without the render), and the panel and the floor (without and
 *   with the panel's COOP header) from a blank tab, as this bench timed them before; the panel,
 *   the page rendered anew and the floor once more on Lighthouse's mobile screen. Every page
 *   comes from the panel's server (`benchPages`).
 * - First-load JavaScript (gzip) per route, measured in Chromium.
 * - Lighthouse (mobile and desktop: performance and accessibility) for the main pages, with the
 *   system Chromium, each page three times: the median counts. Writes bench/results/panel.json.
 *   Needs `npm run build` first (`npm run bench` does it).
 * - Ends with issue 23's table, every figure of one run side by side; the throughput rows come
 *   from bench/throughput.ts's last result (bench/results/throughput.json) when there is one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildServer, defaultRendererFile, defaultStaticDir } from '../server/app';
import { renderCookieName } from '../contract/render-cookie';
import type { RenderCookie } from '../contract/render-cookie';
import { chromiumArgs, findChromium } from '../scripts/browser';
import { createToken, demoAuth } from '../server/sandbox/testing';
import { browserWindowPages, launchForTiming } from './support/browser';

if (!fs.existsSync(path.join(defaultStaticDir, 'index.html'))) {
  throw new Error('No production build in dist/: run `npm run build` first.');
}
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-panel-bench-'));
const app = await buildServer({
  database: path.join(dir, 'sandbox.db'),
  staticDir: defaultStaticDir,
  renderer: defaultRendererFile,
  logger: { level: 'warn' },
});
/**
 * The cookie a signed-in panel keeps (src/auth/render-cookie.ts), with which the server renders
 * a signed-in page (server/server-render.ts): a browser that has signed in carries it.
 */
const renderCookie = (wide: boolean) => ({
  name: renderCookieName,
  value: encodeURIComponent(
    JSON.stringify({
      session: signedIn,
      wide,
      dark: false,
      locale: 'en-US',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    } satisfies RenderCookie),
  ),
  url: origin,
});
const executablePath = findChromium();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10;
};

/**
 * The floor: no framework, no bundle; fetch the endpoint and render the rows. Its viewport is the
 * screen's, as the panel's is: on a phone a page without one is laid out 980 px wide.
 */
const floorHtml = `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title><table aria-label="Storages"><tbody></tbody></table>
<script>
fetch('/1.3/storage?limit=25', { headers: { Accept: 'application/json', Authorization: 'Bearer ' + JSON.parse(sessionStorage.getItem('skydeck.session')).token } })
  .then((r) => r.json())
  .then((data) => {
    const body = document.querySelector('tbody');
    for (const s of data.storages.storage) {
      const row = body.insertRow();
      const link = document.createElement('a');
      link.href = '/storage/' + s.uuid;
      link.textContent = s.title;
      row.insertCell().append(link);
      row.insertCell().textContent = s.size + ' GiB';
    }
  });
</script></html>`;

/**
 * The server's page for the storage list as sent to the browser (its HTML, styles and reads),
 * fetched once before the timed runs and then served from memory, like the floor, at
 * `copyPath`: the time to its first row is the page's own cost in the browser (parse, style,
 * layout, paint) without the server's render, against which the panel's time is that plus the
 * render.
 */
let renderedCopy = '';
const copyPath = '/storage?served=from-memory';

/**
 * The pages the bench adds, served by the panel's own server: over the same socket as the panel,
 * with the same headers (server/security-headers.ts) but those a page names. Not by Playwright's
 * `route`, which passes every request of a browser context through this process, the panel's
 * page, scripts and reads too: a cost no user's browser has (the panel's page was asked for 7 ms
 * later than the floor's), while the floor's page came from memory.
 * - The floor, a plain page: no Content-Security-Policy (its script is inline) and no
 *   Cross-Origin-Opener-Policy. With that header, the first navigation of a blank tab the bench
 *   opens (Playwright's `newPage`, whose blank page already has a renderer process) must start
 *   another process, while a page without it moves into the blank page's process. The floor with
 *   it is timed from a blank tab too.
 * - `startPage`, where each timed navigation starts (see `timeToFirstRow`).
 */
const benchPages = new Map<string, { body: () => string; withoutHeaders: string[] }>([
  [
    '/__floor',
    {
      body: () => floorHtml,
      withoutHeaders: ['content-security-policy', 'cross-origin-opener-policy'],
    },
  ],
  ['/__floor-coop', { body: () => floorHtml, withoutHeaders: ['content-security-policy'] }],
  [copyPath, { body: () => renderedCopy, withoutHeaders: [] }],
  [
    '/__elsewhere',
    {
      body: () =>
        '<!doctype html><html lang="en"><title>Elsewhere</title><p>A page of another site.</p></html>',
      withoutHeaders: ['cross-origin-opener-policy'],
    },
  ],
]);
app.addHook('onRequest', (request, reply, done) => {
  const page = benchPages.get(request.url);
  if (!page) return done();
  void reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page.body());
});
// After the server's own onSend hooks, which set the security headers.
app.addHook('onSend', (request, reply, payload, done) => {
  for (const name of benchPages.get(request.url)?.withoutHeaders ?? []) reply.removeHeader(name);
  done(null, payload);
});

// Listening once the bench's pages and hooks are in place: Fastify takes none after.
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
/**
 * A page of another site — `localhost` is not the site `127.0.0.1` is, so under site isolation a
 * navigation from it to the panel's origin needs the panel's site's renderer process, as a
 * navigation from a browser's New Tab page or from any other site does.
 */
const startPage = `${origin.replace('127.0.0.1', 'localhost')}/__elsewhere`;
const token = await createToken(app, demoAuth, { name: 'bench', expires_in: '1h' });
const signedIn = { token: token.token, username: 'demo', viaPassword: false };
const session = JSON.stringify(signedIn);

/**
 * In the page, before its own scripts: the cell of the first storage link gets an `elementtiming`
 * attribute as it enters the document, so that the Element Timing API reports when that row was
 * painted, whoever drew it: the server's HTML, React or the floor's script. (Text is timed on
 * the block that holds it, the cell, not the inline link.)
 */
function timeFirstRow() {
  new MutationObserver((_records, observer) => {
    const cell = document.querySelector('table a[href^="/storage/"]')?.closest('td, th');
    if (!cell) return;
    cell.setAttribute('elementtiming', 'first-row');
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/**
 * The phone Lighthouse's mobile runs emulate (its default `screenEmulation`, a Moto G Power):
 * the subject is a phone, and a phone's page is laid out and rastered otherwise (no
 * sidebar, more pixels per CSS pixel).
 */
const phoneScreen = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/**
 * Rounds not counted at the start of each series. With one warm-up and six counted runs, the
 * median moved by ±15 % from one bench to the next (2.16 and 2.46 on the same build); with 12
 * counted rounds, the desktop ratio from another site's page was 1.73 in one bench and 1.5 in
 * the next: hence 22.
 */
const warmUpRuns = 3;

/** Where and how one page is timed (`timeToFirstRow`). */
interface Target {
  url: string;
  /** The render cookie a signed-in panel keeps (default) or none, as at a tab's first sign-in. */
  cookie?: boolean;
  /** Each run's address its own (a query parameter the page ignores): never a page sent again. */
  unique?: boolean;
  /** Lighthouse's mobile screen (`phoneScreen`) rather than Playwright's 1280×720 desktop. */
  phone?: boolean;
  /** From the blank page a new tab opens with, not from `startPage`. */
  fromBlankTab?: boolean;
}

/**
 * Navigation → first row of each target, two ways, the median of `runs` (the first `warmUpRuns`
 * not counted): `painted`, when the first row was painted (Element Timing, from navigation
 * start); `seen`, when a test that opens the page (`goto`, which waits for the load event) finds
 * the row, as this bench measured before the server rendered pages: a page the server drew can
 * be painted long before its load event, or before its scripts leave the main thread free for
 * the test to look.
 *
 * The targets take turns, one run each per round, so that a machine whose load drifts slows
 * them alike and a ratio compares runs made side by side, not minutes apart.
 *
 * Each run's tab first shows `startPage`, then goes to the target: a user opens the panel from
 * a tab that shows something (the New Tab page, a bookmark's list, another site), whose renderer
 * process is not the panel's site's, so any page — the panel or the floor — is drawn by the
 * process of its own site (started then, or Chrome's spare one). A tab Playwright opens shows a
 * blank page in a process the first navigation may keep: a page without a
 * Cross-Origin-Opener-Policy header (the floor) keeps it, the panel, whose header asks for a
 * browsing context of its own, cannot. `fromBlankTab` times that way too, as this bench did
 * before.
 */
async function timeToFirstRow<Name extends string>(
  browser: Browser,
  targets: Record<Name, Target>,
  runs = 25,
) {
  const painted = new Map<Name, number[]>();
  const seen = new Map<Name, number[]>();
  const entries = Object.entries(targets) as [Name, Target][];
  for (let run = 0; run < runs; run += 1) {
    // Each round starts one target later: none always follows the same one.
    const round = entries.map((_, index) => entries[(index + run) % entries.length]!);
    for (const [name, target] of round) {
      const { url, cookie = true, unique = false, phone = false, fromBlankTab = false } = target;
      const context = await browser.newContext(phone ? phoneScreen : {});
      await context.addInitScript((value) => {
        window.sessionStorage.setItem('skydeck.session', value);
      }, session);
      await context.addInitScript(timeFirstRow);
      if (cookie) await context.addCookies([renderCookie(!phone)]);
      const page = await context.newPage();
      if (!fromBlankTab) await page.goto(startPage);
      const start = performance.now();
      await page.goto(unique ? `${url}?run=${run}` : url);
      await page.getByRole('table', { name: 'Storages' }).getByRole('link').first().waitFor();
      const seenMs = performance.now() - start;
      const paintedMs = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            new PerformanceObserver((list) => {
              const entry = list.getEntries()[0] as PerformanceEntry & { renderTime: number };
              resolve(entry.renderTime);
            }).observe({ type: 'element', buffered: true }),
          ),
      );
      // The first runs warm the server (its render's compiled code) and the disk cache; not counted.
      if (run >= warmUpRuns) {
        seen.set(name, [...(seen.get(name) ?? []), seenMs]);
        painted.set(name, [...(painted.get(name) ?? []), paintedMs]);
      }
      await context.close();
    }
  }
  return Object.fromEntries(
    (Object.keys(targets) as Name[]).map((name) => [
      name,
      { painted: median(painted.get(name)!), seen: median(seen.get(name)!) },
    ]),
  ) as Record<Name, { painted: number; seen: number }>;
}

const routes = [
  '/sign-in',
  '/',
  '/storage',
  '/servers',
  '/networks',
  '/ip-addresses',
  '/billing',
  '/network-usage',
  '/audit-logs',
  '/kubernetes',
  '/partner',
  '/tokens',
];

async function firstLoadJs(browser: Browser, route: string) {
  const context = await browser.newContext();
  if (route !== '/sign-in') {
    await context.addInitScript((value) => {
      window.sessionStorage.setItem('skydeck.session', value);
    }, session);
    await context.addCookies([renderCookie(true)]);
  }
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(response.url(), response.body());
  });
  await page.goto(`${origin}${route}`);
  await page.waitForLoadState('networkidle');
  let gzip = 0;
  for (const body of scripts.values()) gzip += zlib.gzipSync(await body, { level: 9 }).length;
  const title = await page.getByRole('heading', { level: 1 }).first().textContent();
  await context.close();
  return { scripts: scripts.size, gzip_kb: Math.round(gzip / 102.4) / 10, heading: title };
}

const lighthousePages = ['/sign-in', '/', '/storage', '/billing', '/audit-logs'];
/** Lighthouse scores vary from run to run, most on a busy machine: the median of these many. */
const lighthouseRuns = 3;
/**
 * Runs that gave no performance score (Lighthouse now and then fails to record the page's trace,
 * NO_NAVSTART, on this build and older ones alike) are run again, this many times at most: a 0
 * would stand for a failure of the tool, not a slow page.
 */
const lighthouseRetries = 3;

async function lighthouseScores() {
  const results: Record<
    string,
    Record<string, { performance: number; accessibility: number }>
  > = {};
  // Puppeteer adds these to its own list of disabled features.
  const browser = await puppeteer.launch({
    executablePath,
    args: [...chromiumArgs, `--disable-features=${browserWindowPages.join(',')}`],
  });
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      results[formFactor] = {};
      for (const route of lighthousePages) {
        const runs: { performance: number; accessibility: number }[] = [];
        let failed = 0;
        while (runs.length < lighthouseRuns && failed <= lighthouseRetries) {
          // A fresh context per run: an empty HTTP cache, as a first visit has (Lighthouse's own
          // storage reset is off so that the session set below survives).
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          if (route !== '/sign-in') {
            await page.evaluateOnNewDocument((value) => {
              window.sessionStorage.setItem('skydeck.session', value);
            }, session);
            await page.setCookie(renderCookie(formFactor === 'desktop'));
          }
          const result = await lighthouse(
            `${origin}${route}`,
            {
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              disableStorageReset: true,
              formFactor,
              screenEmulation:
                formFactor === 'desktop'
                  ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1 }
                  : undefined,
              throttlingMethod: 'simulate',
              ...(formFactor === 'desktop'
                ? { throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1 } }
                : {}),
            },
            undefined,
            page,
          );
          const categories = result!.lhr.categories;
          await context.close();
          if (typeof categories.performance?.score !== 'number') {
            failed += 1;
            console.warn(`Lighthouse gave ${route} (${formFactor}) no score; running it again.`);
            continue;
          }
          runs.push({
            performance: Math.round(categories.performance.score * 100),
            accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          });
        }
        if (runs.length === 0) runs.push({ performance: 0, accessibility: 0 });
        results[formFactor][route] = {
          performance: median(runs.map((item) => item.performance)),
          accessibility: median(runs.map((item) => item.accessibility)),
        };
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

const ratio = (panel: number, floor: number) => Math.round((panel / floor) * 100) / 100;
type Timed = { painted: number };
function blankTabFigures({
  blankTabPanel: panel,
  blankTabFloor: floor,
  blankTabFloorCoop: floorCoop,
}: Record<'blankTabPanel' | 'blankTabFloor' | 'blankTabFloorCoop', Timed>) {
  return {
    panel: panel.painted,
    floor: floor.painted,
    ratio: ratio(panel.painted, floor.painted),
    floor_with_coop: floorCoop.painted,
    ratio_to_floor_with_coop: ratio(panel.painted, floorCoop.painted),
  };
}
const blankTabSummary = ({
  panel,
  floor,
  ratio: toFloor,
  floor_with_coop,
  ratio_to_floor_with_coop,
}: ReturnType<typeof blankTabFigures>) =>
  `from a blank tab ${toFloor} (${panel} / ${floor} ms), ` +
  `to the floor with the panel's COOP header ${ratio_to_floor_with_coop} (${floor_with_coop} ms)`;

const browser = await launchForTiming();
let report;
try {
  // The server's page, fetched before any run is timed (see `renderedCopy`).
  const cookie = renderCookie(true);
  const response = await fetch(`${origin}/storage`, {
    headers: { accept: 'text/html', cookie: `${cookie.name}=${cookie.value}` },
  });
  renderedCopy = await response.text();
  if (!renderedCopy.includes('aria-label="Storages"')) {
    throw new Error('The server did not render the storage list for the bench.');
  }
  const desktop = await timeToFirstRow(browser, {
    panel: { url: `${origin}/storage` },
    // The server sends a page again while its reads are unchanged (src/app/render-cache.ts), as
    // they are from one run to the next: the same page at an address of its own each time is
    // rendered.
    renderedAnew: { url: `${origin}/storage`, unique: true },
    copy: { url: `${origin}${copyPath}` },
    // A visit without the render cookie (a tab's first sign-in): the page is drawn in the browser.
    browserDrawn: { url: `${origin}/storage`, cookie: false },
    floor: { url: `${origin}/__floor` },
    blankTabPanel: { url: `${origin}/storage`, fromBlankTab: true },
    blankTabFloor: { url: `${origin}/__floor`, fromBlankTab: true },
    // The floor with the header every page of the panel's server sends
    // (server/security-headers.ts), with which it cannot keep the blank tab's renderer either.
    blankTabFloorCoop: { url: `${origin}/__floor-coop`, fromBlankTab: true },
  });
  const phone = await timeToFirstRow(browser, {
    panel: { url: `${origin}/storage`, phone: true },
    renderedAnew: { url: `${origin}/storage`, phone: true, unique: true },
    floor: { url: `${origin}/__floor`, phone: true },
    blankTabPanel: { url: `${origin}/storage`, phone: true, fromBlankTab: true },
    blankTabFloor: { url: `${origin}/__floor`, phone: true, fromBlankTab: true },
    blankTabFloorCoop: { url: `${origin}/__floor-coop`, phone: true, fromBlankTab: true },
  });
  const bundles: Record<string, Awaited<ReturnType<typeof firstLoadJs>>> = {};
  for (const route of routes) bundles[route] = await firstLoadJs(browser, route);
  await browser.close();
  const scores = process.env.BENCH_SKIP_LIGHTHOUSE ? null : await lighthouseScores();
  report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    storage_first_row_ms: {
      panel: desktop.panel.painted,
      floor: desktop.floor.painted,
      ratio: ratio(desktop.panel.painted, desktop.floor.painted),
      panel_rendered_anew: desktop.renderedAnew.painted,
      panel_drawn_in_browser: desktop.browserDrawn.painted,
      rendered_page_from_memory: desktop.copy.painted,
      seen_by_a_test_after_load: { panel: desktop.panel.seen, floor: desktop.floor.seen },
      from_a_blank_tab: blankTabFigures(desktop),
    },
    storage_first_row_on_a_phone_ms: {
      panel: phone.panel.painted,
      floor: phone.floor.painted,
      ratio: ratio(phone.panel.painted, phone.floor.painted),
      panel_rendered_anew: phone.renderedAnew.painted,
      from_a_blank_tab: blankTabFigures(phone),
    },
    first_load_js: bundles,
    lighthouse: scores,
  };
} finally {
  if (browser.isConnected()) await browser.close();
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', 'panel.json'), `${JSON.stringify(report, null, 2)}\n`);
const firstRow = report.storage_first_row_ms;
console.log(
  `Storage list, navigation to first row painted: panel ${firstRow.panel} ms, plain-DOM floor ${firstRow.floor} ms, ratio ${firstRow.ratio}; ` +
    `rendered anew (not sent again) ${firstRow.panel_rendered_anew} ms; ` +
    `drawn in the browser (no render cookie) ${firstRow.panel_drawn_in_browser} ms; ` +
    `the server's page served from memory ${firstRow.rendered_page_from_memory} ms; ` +
    `seen by a test after the load event: panel ${firstRow.seen_by_a_test_after_load.panel} ms, floor ${firstRow.seen_by_a_test_after_load.floor} ms; ` +
    blankTabSummary(firstRow.from_a_blank_tab),
);
const onPhone = report.storage_first_row_on_a_phone_ms;
console.log(
  `The same on a phone (412×823 at 1.75×): panel ${onPhone.panel} ms, floor ${onPhone.floor} ms, ratio ${onPhone.ratio}; rendered anew ${onPhone.panel_rendered_anew} ms; ` +
    blankTabSummary(onPhone.from_a_blank_tab),
);
console.table(report.first_load_js);
if (report.lighthouse) {
  for (const [formFactor, pages] of Object.entries(report.lighthouse)) {
    console.log(`Lighthouse (${formFactor})`);
    console.table(pages);
  }
}

/** bench/throughput.ts's last ratios (`ratios` in its result file), if it has run. */
function throughputRatios(): { cached?: number; uncached?: number; mixed?: number } | null {
  const file = path.join(here, 'results', 'throughput.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { ratios: Record<string, number> }).ratios
    : null;
}

const kb = (route: string) => {
  const bundle = report.first_load_js[route];
  return bundle ? `${bundle.gzip_kb} KB in ${bundle.scripts} files` : '—';
};
const mobile = (route: string) => String(report.lighthouse?.mobile?.[route]?.performance ?? '—');
const throughput = throughputRatios();
console.log('Issue 23, one run');
console.table([
  {
    measure:
      'storage list, navigation (from another site’s page) → first row painted, panel ÷ plain-DOM floor',
    value:
      `${firstRow.ratio} (${firstRow.panel} / ${firstRow.floor} ms; rendered anew ${firstRow.panel_rendered_anew} ms; ` +
      `drawn in the browser ${firstRow.panel_drawn_in_browser} ms; ` +
      `the server's page from memory ${firstRow.rendered_page_from_memory} ms; ` +
      `${blankTabSummary(firstRow.from_a_blank_tab)})`,
    goal: '≤ 1.5',
  },
  {
    measure: 'same on a phone (Lighthouse’s mobile screen)',
    value:
      `${onPhone.ratio} (${onPhone.panel} / ${onPhone.floor} ms; ` +
      `rendered anew ${onPhone.panel_rendered_anew} ms; ` +
      `${blankTabSummary(onPhone.from_a_blank_tab)})`,
    goal: '≤ 1.5',
  },
  {
    measure: 'Lighthouse mobile performance: sign-in, dashboard',
    value: `${mobile('/sign-in')}, ${mobile('/')}`,
    goal: '≥ 90',
  },
  {
    measure: 'Lighthouse mobile: storage / billing / audit log',
    value: ['/storage', '/billing', '/audit-logs'].map(mobile).join(' / '),
    goal: '≥ 90 each',
  },
  {
    measure: 'sandbox throughput ÷ bare node:http, cached reads',
    value: throughput?.cached ?? 'run bench/throughput.ts',
    goal: '≥ 0.5',
  },
  {
    measure: 'same, reads that bypass the response cache',
    value: throughput?.uncached ?? '—',
    goal: '≥ 0.3',
  },
  {
    measure: 'same, 90 % reads and 10 % writes',
    value: throughput?.mixed ?? '—',
    goal: 'reported',
  },
  {
    measure: 'first-load JS, sign-in / dashboard (gzip)',
    value: `${kb('/sign-in')} / ${kb('/')}`,
    goal: '≤ 170 KB',
  },
  {
    measure: 'JS to reach the storage list / billing page (gzip, scripts)',
    value: `${kb('/storage')} / ${kb('/billing')}`,
    goal: 'only what the first row needs',
  },
]);
