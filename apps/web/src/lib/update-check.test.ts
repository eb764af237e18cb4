import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleUpdateChecks, UPDATE_CHECK_INTERVAL_MS } from './update-check';

function fakeRegistration() {
  return {
    installing: null as object | null,
    update: vi.fn(() => Promise.resolve()),
  };
}

describe('service worker update checks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks every 60 minutes (spec part 9)', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(3_600_000);
    const registration = fakeRegistration();
    const stop = scheduleUpdateChecks(registration, { isOnline: () => true });
    vi.advanceTimersByTime(59 * 60_000);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2 * UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(3);
  });

  it('skips a check while offline or while an update is already installing', () => {
    const registration = fakeRegistration();
    let online = false;
    const stop = scheduleUpdateChecks(registration, { isOnline: () => online });
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).not.toHaveBeenCalled();
    online = true;
    registration.installing = {};
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).not.toHaveBeenCalled();
    registration.installing = null;
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    stop();
  });

  it('survives a failing check and tries again at the next interval', async () => {
    const registration = fakeRegistration();
    registration.update.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    const stop = scheduleUpdateChecks(registration, { isOnline: () => true });
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
    stop();
  });
});
