/** What the phone-layout sweep (e2e/phone-layout.e2e.ts, issue 38) reads of the app and a page. */
import { pagedRecordTypes } from '@siteledger/domain';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');

/**
 * Every route of the app, read from its route table (app/routes.tsx) and the record types with
 * pages (the registry's `page` entries), so a page added later is swept too.
 */
export function appRoutes(): { signedOut: string[]; signedIn: string[] } {
  const routes = fs.readFileSync(path.join(WEB_SRC, 'app/routes.tsx'), 'utf8');
  const authBlock = routes.slice(routes.indexOf('AUTH_ROUTES'), routes.indexOf('APP_ROUTES'));
  const literals = (text: string) =>
    [...text.matchAll(/'(\/[a-z0-9\-/:]*)'/g)].map((match) => match[1]!);
  const signedOut = literals(authBlock);
  const appBlock = routes.slice(routes.indexOf('APP_ROUTES'));
  const recordPaths = pagedRecordTypes().flatMap(({ page }) =>
    page.detailPage ? [page.path, `${page.path}/:id`] : [page.path],
  );
  const signedIn = [...new Set([...literals(appBlock), ...recordPaths])];
  return { signedOut, signedIn };
}

export interface Overflow {
  language: string;
  route: string;
  scrollWidth: number;
  clientWidth: number;
  widest: string[];
}

/** Waits until the page has drawn its content: no skeleton or spinner left in sight. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(
      () =>
        document.querySelector('main, [data-testid^="page-"], form') !== null &&
        !Array.from(
          document.querySelectorAll<HTMLElement>(
            '.animate-pulse, .animate-spin, [aria-busy="true"]',
          ),
        ).some((element) => element.checkVisibility()),
      null,
      { timeout: 8_000 },
    )
    .catch(() => undefined);
  await animationsDone(page);
}

/**
 * Waits for what the page is still drawing — its running finite animations and transitions (a
 * sheet's pop-in, a fade) and its web fonts — then for two frames, so a measurement reads the
 * final layout. Awaited rather than slept: a fixed pause is either too short on a busy machine or
 * wasted on an idle one. Endless animations (spinners) are not waited for; 3 s at most.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
      );
    await Promise.race([
      Promise.all([
        document.fonts.ready,
        ...running.map((animation) => animation.finished.catch(() => undefined)),
      ]),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Moves the running app to `path` the way its own links do — a history entry and a popstate
 * event, which React Router follows — rather than loading the page anew: a sweep over forty
 * routes then starts the app once, not forty times (a whole start costs about a second of a CI
 * machine's CPU). Waits until the page's text has changed (or, if it has not within 5 s, loads
 * the address anew), then until it has settled.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const before = await page.evaluate((to) => {
    const text = document.body.innerText;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return text;
  }, path);
  const moved = await page
    .waitForFunction((old) => document.body.innerText !== old, before, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  // A page that did not change is loaded anew, so a check never reads the previous page.
  if (!moved) await page.goto(new URL(path, page.url()).toString());
  await settle(page);
}

/** The page's sideways scroll, with the elements that stick out past the right edge. */
export async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const widest = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(-6)
      .map((element) => {
        const id = element.dataset.testid ? `[${element.dataset.testid}]` : '';
        const box = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()}${id}.${String(element.className).slice(0, 60)} ${Math.round(box.width)}px`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth: width, widest };
  });
}

/** Whether the element's text shows whole: not cut by an ellipsis, a scroll box or the screen. */
export function shownWhole(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      if (element.scrollWidth > element.clientWidth + 1) return false;
      if (box.left < 0 || box.right > window.innerWidth) return false;
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1) return false;
      }
      return true;
    });
}
