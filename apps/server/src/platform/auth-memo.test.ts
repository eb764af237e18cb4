import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_CHANNEL, createAuthMemo } from './auth-memo.js';
import { createEventBus, type EventBus } from './events.js';
import { trackSiteChanges } from './site-changes.js';

function setup(options: { enabled?: boolean; bus?: EventBus } = {}) {
  const bus =
    options.bus ??
    createEventBus((error) => {
      throw error;
    });
  const changes = trackSiteChanges(bus);
  const memo = createAuthMemo(changes, bus, { enabled: options.enabled ?? true });
  let reads = 0;
  const read = (key = 'session\nt1', value: object | undefined = { user: 'u1' }) =>
    memo.get(key, () => {
      reads += 1;
      return Promise.resolve(value);
    });
  return { bus, memo, read, reads: () => reads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('auth memo', () => {
  it('keeps a found session until sign-in state changes, here or on another instance', async () => {
    const { bus, memo, read, reads } = setup();
    await read();
    await read();
    expect(reads()).toBe(1);
    memo.changed();
    await read();
    expect(reads()).toBe(2);
    // Another instance's change arrives as an event on the auth channel.
    bus.publish(AUTH_CHANNEL, { collection: 'auth', action: 'update', id: null, user: null });
    await read();
    expect(reads()).toBe(3);
    // A site's record event does not touch sign-in state.
    bus.publish('site-1', { collection: 'deliveries', action: 'create', id: 'd', user: null });
    await read();
    expect(reads()).toBe(3);
  });

  it('never keeps a missing session, nor an answer read while a change landed', async () => {
    const { memo } = setup();
    let misses = 0;
    const missing = () =>
      memo.get('session\nnone', () => {
        misses += 1;
        return Promise.resolve(undefined);
      });
    await missing();
    await missing();
    expect(misses).toBe(2);
    const racing = await memo.get('role\ns\nu', () => {
      memo.changed(); // a sign-out commits while the role is read
      return Promise.resolve({ role: 'owner' });
    });
    expect(racing).toEqual({ role: 'owner' });
    let again = 0;
    await memo.get('role\ns\nu', () => Promise.resolve({ role: 'owner', n: ++again }));
    expect(again).toBe(1);
  });

  it("is read again after the session's own expiry and after 30 seconds", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { memo } = setup();
    let reads = 0;
    const read = () =>
      memo.get(
        'session\nt',
        () => Promise.resolve({ n: ++reads }),
        () => 1_000_000 + 5_000,
      );
    await read();
    vi.setSystemTime(1_000_000 + 4_999);
    await read();
    expect(reads).toBe(1);
    vi.setSystemTime(1_000_000 + 5_000);
    await read();
    expect(reads).toBe(2);
    const long = () => memo.get('session\nlong', () => Promise.resolve({ n: ++reads }));
    await long();
    vi.setSystemTime(1_000_000 + 5_000 + 29_999);
    await long();
    expect(reads).toBe(3);
    vi.setSystemTime(1_000_000 + 5_000 + 30_000);
    await long();
    expect(reads).toBe(4);
  });

  it('keeps nothing when turned off or while the shared bus cannot hear other instances', async () => {
    const off = setup({ enabled: false });
    await off.read();
    await off.read();
    expect(off.reads()).toBe(2);
    const deaf = createEventBus(() => undefined);
    const deafBus: EventBus = { ...deaf, epoch: () => null };
    const reconnecting = setup({ bus: deafBus });
    await reconnecting.read();
    await reconnecting.read();
    expect(reconnecting.reads()).toBe(2);
  });
});
