import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  resolveSteps,
  retryDelayMs,
  scheduleTour,
  TOUR_MAX_RETRIES,
  TOUR_START_DELAY_MS,
  type FoundStep,
} from './schedule-tour';
import { TOURS, type TourStep } from './tours';

const STEPS: TourStep[] = [
  { id: 'header', target: '#header' },
  { id: 'add', target: '#add', optional: true },
  { id: 'table', target: '#table' },
];

/** A stand-in for the DOM: the selectors currently "on screen". */
function screen(...present: string[]) {
  const shown = new Set(present);
  return {
    show: (selector: string) => shown.add(selector),
    find: (selector: string) => (shown.has(selector) ? ({ selector } as unknown as Element) : null),
  };
}

describe('tour timing (spec part 9)', () => {
  it('starts after 1000 ms and retries 5 times, 500 ms + 200 ms per attempt', () => {
    expect(TOUR_START_DELAY_MS).toBe(1000);
    expect(TOUR_MAX_RETRIES).toBe(5);
    expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([500, 700, 900, 1100, 1300]);
  });
});

describe('resolveSteps', () => {
  it('keeps the steps whose target is there, in order, and names missing required ones', () => {
    const { find } = screen('#table', '#add');
    const { found, waitingFor } = resolveSteps(STEPS, find);
    expect(found.map((f) => f.step.id)).toEqual(['add', 'table']);
    expect(waitingFor).toEqual(['header']);
  });

  it('does not wait for a missing optional step', () => {
    const { find } = screen('#header', '#table');
    expect(resolveSteps(STEPS, find).waitingFor).toEqual([]);
  });
});

describe('scheduleTour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function schedule(
    find: (s: string) => Element | null,
    blocked = () => false,
    appeared = () => true,
  ) {
    const ready = vi.fn<(found: FoundStep[]) => void>();
    const gaveUp = vi.fn();
    const cancel = scheduleTour({
      steps: STEPS,
      initialDelayMs: TOUR_START_DELAY_MS,
      onReady: ready,
      onGiveUp: gaveUp,
      find,
      blocked,
      appeared,
    });
    return { ready, gaveUp, cancel };
  }

  it('starts about 1000 ms after the page appears when every target is there', () => {
    const { find } = screen('#header', '#add', '#table');
    const { ready } = schedule(find);
    vi.advanceTimersByTime(999);
    expect(ready).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ready).toHaveBeenCalledOnce();
    expect(ready.mock.calls[0]?.[0].map((f) => f.step.id)).toEqual(['header', 'add', 'table']);
  });

  it('counts the 1000 ms from when the page’s code has loaded, not from the navigation', () => {
    let loaded = false;
    const { ready } = schedule(screen('#header', '#table').find, undefined, () => loaded);
    vi.advanceTimersByTime(2_500);
    expect(ready).not.toHaveBeenCalled();
    loaded = true;
    vi.advanceTimersByTime(100 + 999);
    expect(ready).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ready).toHaveBeenCalledOnce();
  });

  it('retries until a late target appears', () => {
    const page = screen('#header');
    const { ready } = schedule(page.find);
    vi.advanceTimersByTime(1000 + 500 + 700);
    expect(ready).not.toHaveBeenCalled();
    page.show('#table');
    vi.advanceTimersByTime(900);
    expect(ready).toHaveBeenCalledOnce();
  });

  it('after the fifth retry starts with what it found, skipping the missing step', () => {
    const { find } = screen('#header', '#add');
    const { ready } = schedule(find);
    vi.advanceTimersByTime(1000 + 500 + 700 + 900 + 1100);
    expect(ready).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1300);
    expect(ready).toHaveBeenCalledOnce();
    expect(ready.mock.calls[0]?.[0].map((f) => f.step.id)).toEqual(['header', 'add']);
  });

  it('gives up without starting when nothing is there or a dialog stays open', () => {
    const empty = schedule(screen().find);
    vi.advanceTimersByTime(10_000);
    expect(empty.ready).not.toHaveBeenCalled();
    expect(empty.gaveUp).toHaveBeenCalledOnce();

    const dialog = schedule(screen('#header', '#table').find, () => true);
    vi.advanceTimersByTime(10_000);
    expect(dialog.ready).not.toHaveBeenCalled();
    expect(dialog.gaveUp).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled (the page changed)', () => {
    const { ready, cancel } = schedule(screen('#header', '#table').find);
    vi.advanceTimersByTime(500);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(ready).not.toHaveBeenCalled();
  });
});

describe('the ten tours', () => {
  it('have 3 to 6 steps with unique ids', () => {
    for (const [page, steps] of Object.entries(TOURS)) {
      expect(steps.length, page).toBeGreaterThanOrEqual(3);
      expect(steps.length, page).toBeLessThanOrEqual(6);
      expect(new Set(steps.map((s) => s.id)).size, page).toBe(steps.length);
    }
  });
});
