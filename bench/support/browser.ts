import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, findChromium } from '../../scripts/browser';

/**
 * Pages of the browser's own that a new window loads: the address bar's pop-up, a WebUI page
 * (a renderer process of its own, some 300 chrome:// requests, Lit and Mojo bindings). Every
 * timed visit opens a window of its own (a new browser context, for an empty cache), so each
 * visit's page shared a 2-core machine with that one while it loaded: the storage list's first
 * row took 175 ms with it and 110 ms without, the plain-DOM floor 100 and 75. A user's browser
 * loads it once per window, not once per page. Both names are needed in Chromium 156: with
 * either alone the pop-up still loads.
 */
export const browserWindowPages = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const disableFeatures = '--disable-features=';

/** The features the running browser was told to disable, as chrome://version shows its flags. */
async function disabledFeatures(browser: Browser) {
  const page = await browser.newPage();
  try {
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    // Chromium keeps the last of a repeated switch.
    const last = commandLine
      .split(/\s+/)
      .filter((flag) => flag.startsWith(disableFeatures))
      .at(-1);
    return last ? last.slice(disableFeatures.length).split(',') : [];
  } finally {
    await page.context().close();
  }
}

/**
 * Chromium for timing pages: the flags of every run here (scripts/browser.ts) and
 * `browserWindowPages` off. Playwright disables features of its own with one
 * `--disable-features`, and Chromium keeps only the last such switch, so that list is read from
 * a first launch and given again with these added; the second launch's flags are checked.
 */
export async function launchForTiming(): Promise<Browser> {
  const executablePath = findChromium();
  const probe = await chromium.launch({ executablePath, args: chromiumArgs });
  const playwrightOwn = await disabledFeatures(probe).finally(() => probe.close());
  const wanted = [...new Set([...playwrightOwn, ...browserWindowPages])];
  const browser = await chromium.launch({
    executablePath,
    args: [...chromiumArgs, `${disableFeatures}${wanted.join(',')}`],
  });
  const applied = new Set(await disabledFeatures(browser));
  const missing = wanted.filter((feature) => !applied.has(feature));
  if (missing.length > 0) {
    await browser.close();
    throw new Error(`Chromium was started without disabling ${missing.join(', ')}.`);
  }
  return browser;
}
