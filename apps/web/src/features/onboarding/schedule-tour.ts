import type { TourStep } from './tours';

/** Spec part 9: a tour starts about 1000 ms after its page appears… */
export const TOUR_START_DELAY_MS = 1000;
/** …retrying up to 5 times, 500 ms + 200 ms per attempt apart, to find its targets. */
export const TOUR_MAX_RETRIES = 5;

export function retryDelayMs(attempt: number): number {
  return 500 + 200 * attempt;
}

export interface FoundStep {
  step: TourStep;
  element: Element;
}

/** The first match that is rendered (display:none and detached elements have no boxes). */
export function findTarget(selector: string, root: ParentNode = document): Element | null {
  for (const element of Array.from(root.querySelectorAll(selector))) {
    if (element.getClientRects().length > 0) return element;
  }
  return null;
}

export interface ResolvedTour {
  /** The steps whose target is on screen, in order; the others are skipped. */
  found: FoundStep[];
  /** Required targets not (yet) on screen. */
  waitingFor: string[];
}

export function resolveSteps(
  steps: readonly TourStep[],
  find: (selector: string) => Element | null = findTarget,
): ResolvedTour {
  const found: FoundStep[] = [];
  const waitingFor: string[] = [];
  for (const step of steps) {
    const element = find(step.target);
    if (element) found.push({ step, element });
    else if (!step.optional) waitingFor.push(step.id);
  }
  return { found, waitingFor };
}

/**
 * An open dialog (an add form opened by a quick action, say) must not get a tour on top. Radix
 * dialogs carry data-state="open"; the tour's own popover is a dialog too and does not count.
 */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][data-state="open"]:not(.driver-popover)') !== null;
}

/** True once the page's own code has loaded (its lazy chunk's stand-in, PageLoading, is gone). */
export function pageAppeared(): boolean {
  return typeof document === 'undefined' || document.querySelector('[data-page-loading]') === null;
}

/** How often, and how many times at most, to look whether the page has appeared. */
const APPEAR_POLL_MS = 100;
const APPEAR_MAX_POLLS = 100;

export interface ScheduleOptions {
  steps: readonly TourStep[];
  initialDelayMs: number;
  onReady: (found: FoundStep[]) => void;
  /** Nothing to show after the last retry (no target, or a dialog stayed open). */
  onGiveUp?: () => void;
  find?: (selector: string) => Element | null;
  blocked?: () => boolean;
  appeared?: () => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Waits for the page to appear (its code loads lazily), then `initialDelayMs`, then looks for the targets; while a required one is missing (or a dialog
 * is open) it retries. After the last retry it starts with what it found, skipping missing steps;
 * with nothing found, or a dialog still open, it gives up without marking the tour seen.
 * Returns the function that cancels the wait.
 */
export function scheduleTour({
  steps,
  initialDelayMs,
  onReady,
  onGiveUp,
  find = findTarget,
  blocked = dialogOpen,
  appeared = pageAppeared,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: ScheduleOptions): () => void {
  let attempt = 0;
  let cancelled = false;
  let timer: unknown;

  const tryStart = () => {
    if (cancelled) return;
    const isBlocked = blocked();
    const { found, waitingFor } = resolveSteps(steps, find);
    const ready = !isBlocked && waitingFor.length === 0;
    if (!ready && attempt < TOUR_MAX_RETRIES) {
      timer = setTimer(tryStart, retryDelayMs(attempt));
      attempt += 1;
      return;
    }
    if (!isBlocked && found.length > 0) onReady(found);
    else onGiveUp?.();
  };

  // The delay counts from when the page appears, not from the navigation (spec part 9).
  let polls = 0;
  const waitForPage = () => {
    if (cancelled) return;
    if (appeared() || polls >= APPEAR_MAX_POLLS) {
      timer = setTimer(tryStart, initialDelayMs);
      return;
    }
    polls += 1;
    timer = setTimer(waitForPage, APPEAR_POLL_MS);
  };
  waitForPage();
  return () => {
    cancelled = true;
    clearTimer(timer);
  };
}
