import type { BrowserContext, Page } from 'playwright-core';

/**
 * Interaction to Next Paint of a scripted visit (`lighthouse.ts --inp`): on /deliveries, open the
 * vendor filter, type a search, take the first match, then open the first delivery. Chromium's
 * Event Timing entries (durationThreshold 16) are gathered from before the first script runs and
 * grouped by interactionId; with fewer than 50 interactions INP is the slowest one.
 */

/** Lighthouse's mobile profile (moto g power): viewport, and 4× slower CPU. */
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };
const CPU_SLOWDOWN = 4;
export const INP_TARGET_MS = 200;

interface EventRecord {
  interactionId: number;
  name: string;
  startTime: number;
  duration: number;
  target: string;
}

export interface Interaction {
  /** The scripted step it happened in. */
  step: string;
  /** Event names of the interaction, e.g. pointerdown/pointerup/click. */
  events: string;
  target: string;
  duration: number;
}

export interface InpResult {
  interactions: Interaction[];
  /** The slowest interaction's duration (INP while there are fewer than 50). */
  inp: number | null;
}

/** `interactionId` is newer than TypeScript's DOM types. */
type EventTiming = PerformanceEventTiming & { interactionId?: number };

declare global {
  interface Window {
    __eventTimings?: EventRecord[];
  }
}

/** Runs in the page before its own scripts; the target is named at once (it may be removed). */
function observeEvents() {
  const records: EventRecord[] = [];
  window.__eventTimings = records;
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as EventTiming[]) {
      if (!entry.interactionId) continue;
      const node = entry.target instanceof Element ? entry.target : null;
      const testId = node?.closest('[data-testid]')?.getAttribute('data-testid');
      const tag = node?.tagName.toLowerCase() ?? '';
      records.push({
        interactionId: entry.interactionId,
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        target: testId ? `${tag} in ${testId}` : tag,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

async function step(page: Page, label: string) {
  await page.evaluate((name) => performance.mark(`inp-step:${name}`), label);
}

async function collect(page: Page): Promise<InpResult> {
  const { records, marks } = await page.evaluate(() => ({
    records: window.__eventTimings ?? [],
    marks: performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('inp-step:'))
      .map((mark) => ({ name: mark.name.slice('inp-step:'.length), startTime: mark.startTime })),
  }));
  const groups = new Map<number, EventRecord[]>();
  for (const record of records) {
    groups.set(record.interactionId, [...(groups.get(record.interactionId) ?? []), record]);
  }
  const interactions = [...groups.values()]
    .map((group) => {
      const start = Math.min(...group.map((record) => record.startTime));
      const slowest = group.reduce((a, b) => (b.duration > a.duration ? b : a));
      return {
        start,
        step: marks.filter((mark) => mark.startTime <= start).at(-1)?.name ?? 'page load',
        events: [...new Set(group.map((record) => record.name))].join('/'),
        target: slowest.target,
        duration: slowest.duration,
      };
    })
    .sort((a, b) => a.start - b.start)
    .map(({ start: _start, ...interaction }) => interaction);
  const inp = interactions.length ? Math.max(...interactions.map((i) => i.duration)) : null;
  return { interactions, inp };
}

/** The scripted visit, in a new tab of the signed-in context. */
export async function measureDeliveriesInp(
  context: BrowserContext,
  base: string,
  search: string,
): Promise<InpResult> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', MOBILE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(observeEvents);
    await page.goto(`${base}/deliveries`);
    const firstRow = page.locator('[data-testid^="delivery-row-"]').first();
    await firstRow.waitFor({ timeout: 60_000 });

    // Below 768 px the filters sit behind a toggle.
    await step(page, 'open filters');
    await page.getByTestId('deliveries-toolbar-filters-toggle').click();
    await step(page, 'open vendor filter');
    await page.getByTestId('deliveries-filter-vendor').click();
    const box = page.getByTestId('deliveries-filter-vendor-search');
    await box.waitFor();
    for (const letter of search) {
      await step(page, `type “${letter}”`);
      await box.press(letter === ' ' ? 'Space' : letter);
      await page.waitForTimeout(150);
    }
    await page.locator('[data-testid^="deliveries-filter-vendor-option-"]').first().waitFor();
    // Enter takes the first match once the server has answered what was typed.
    await step(page, 'pick first result');
    await page.keyboard.press('Enter');
    await page.getByTestId('deliveries-filter-vendor-popover').waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.searchParams.has('vendor'));
    await page.locator('[data-testid="deliveries-table"] [aria-busy="true"]').waitFor({
      state: 'detached',
    });

    await step(page, 'open first delivery');
    await firstRow.click();
    await page.getByTestId('delivery-detail-lines').waitFor({ timeout: 60_000 });
    // Event Timing entries arrive after the next paint; give the last ones time to land.
    await page.waitForTimeout(1_000);
    return await collect(page);
  } finally {
    await page.close();
  }
}

/** A markdown table of the interactions, the slowest (INP) against the target. */
export function inpReport(result: InpResult, search: string): string[] {
  const verdict =
    result.inp === null
      ? 'no interaction over 16 ms'
      : result.inp <= INP_TARGET_MS
        ? 'met'
        : 'MISSED';
  return [
    `INP on /deliveries (mobile viewport, ${CPU_SLOWDOWN}× CPU slowdown): open the vendor filter,` +
      ` type “${search}”, pick the first result, open the first delivery`,
    '',
    '| interaction | events | target | duration |',
    '|---|---|---|---|',
    ...result.interactions.map(
      (i) => `| ${i.step} | ${i.events} | ${i.target || '—'} | ${Math.round(i.duration)} ms |`,
    ),
    `| **INP (worst of ${result.interactions.length})** | | | **${result.inp === null ? '—' : `${Math.round(result.inp)} ms`}** (target ≤ ${INP_TARGET_MS} ms: ${verdict}) |`,
  ];
}
