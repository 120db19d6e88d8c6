import type { Page } from '@playwright/test';

/**
 * What the layout specs share (billing-layout, network-lists-layout, detail-names-layout,
 * dashboard): they hold the read that decorates a page, note where things are, let the read go,
 * and check that nothing moved.
 */

/** The sizes each layout spec checks: a phone's screen and a desktop's. */
export const phoneAndDesktop = [
  { width: 412, height: 915 },
  { width: 1280, height: 900 },
];

/** Holds the answers of the requests `matches` picks until the function it returns is called. */
export async function hold(page: Page, matches: (url: URL) => boolean) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Each row's top and height, and each column's width: what would move were a row to grow. */
export const tableLayout = (page: Page, label: string) =>
  page.getByRole('table', { name: label }).evaluate((table) => ({
    rows: [...table.querySelectorAll('tr')].map(({ offsetTop, offsetHeight }) => [
      offsetTop,
      offsetHeight,
    ]),
    columns: [...table.querySelectorAll('thead th')].map((cell) => cell.clientWidth),
  }));

/** Sums the layout shifts the page records from now on, for `shifted` to read. */
export const watchShifts = (page: Page) =>
  page.evaluate(() => {
    const record = window as unknown as { shifted: number };
    record.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        record.shifted += (entry as PerformanceEntry & { value: number }).value;
      }
    }).observe({ type: 'layout-shift' });
  });

export const shifted = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifted: number }).shifted);
