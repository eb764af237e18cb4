import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast, TOAST_DURATION_MS } from './toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.clear();
  });
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('shows a toast outside React and drops it after 4000 ms', () => {
    const id = toast.success('Saved');
    expect(getToasts()).toEqual([
      { id, message: 'Saved', type: 'success', duration: TOAST_DURATION_MS, persistent: false },
    ]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('keeps error toasts until they are dismissed', () => {
    const id = toast.error('Could not save');
    vi.advanceTimersByTime(60_000);
    expect(getToasts().map((item) => item.persistent)).toEqual([true]);
    toast.dismiss(id);
    expect(getToasts()).toEqual([]);
  });

  it('shows at most five, pushing the oldest out', () => {
    for (let n = 1; n <= 7; n += 1) toast.info(`note ${n}`);
    expect(getToasts().map((item) => item.message)).toEqual([
      'note 3',
      'note 4',
      'note 5',
      'note 6',
      'note 7',
    ]);
  });

  it('honours an explicit duration and persistence', () => {
    toast.show({ message: 'slow', duration: 10_000 });
    toast.show({ message: 'sticky', type: 'warning', persistent: true });
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(getToasts().map((item) => item.message)).toEqual(['slow', 'sticky']);
    vi.advanceTimersByTime(6_000);
    expect(getToasts().map((item) => item.message)).toEqual(['sticky']);
  });
});
