import { describe, expect, it } from 'vitest';
import { createEventBus } from './events.js';
import { trackSiteChanges } from './site-changes.js';
import { createSiteMemo } from './site-memo.js';

function setup(maxEntries?: number) {
  const bus = createEventBus((error) => {
    throw error;
  });
  const changes = trackSiteChanges(bus);
  let computed = 0;
  const memo = createSiteMemo<number>(changes, { enabled: true, maxEntries });
  const read = (site: string, key = 'k') => memo.get(site, key, () => Promise.resolve(++computed));
  return { bus, changes, read, computed: () => computed };
}

describe('site memo', () => {
  it('keeps an answer until its site changes, here or on another instance', async () => {
    const { bus, changes, read } = setup();
    expect(await read('s1')).toBe(1);
    expect(await read('s1')).toBe(1);
    expect(await read('s1', 'other key')).toBe(2);
    expect(await read('s2')).toBe(3);
    changes.changed('s1');
    expect(await read('s1')).toBe(4);
    expect(await read('s2')).toBe(3);
    bus.publish('s2', { collection: 'deliveries', action: 'create', id: 'd', user: null });
    expect(await read('s2')).toBe(5);
  });

  it('does not keep an answer computed while the site changed', async () => {
    const bus = createEventBus(() => undefined);
    const changes = trackSiteChanges(bus);
    const memo = createSiteMemo<string>(changes);
    const racing = await memo.get('s', 'k', () => {
      changes.changed('s'); // a write commits while the figures are read
      return Promise.resolve('maybe stale');
    });
    expect(racing).toBe('maybe stale');
    expect(await memo.get('s', 'k', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('forgets the least recently read answer first', async () => {
    const { read, computed } = setup(2);
    await read('a');
    await read('b');
    await read('a');
    await read('c'); // b goes
    expect(computed()).toBe(3);
    await read('a');
    await read('c');
    expect(computed()).toBe(3);
    await read('b');
    expect(computed()).toBe(4);
  });

  it('computes once for the readers that arrive meanwhile, and anew after a change', async () => {
    const bus = createEventBus(() => undefined);
    const changes = trackSiteChanges(bus);
    const memo = createSiteMemo<number>(changes);
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      computed += 1;
      const mine = computed;
      await gate;
      return mine;
    };
    const first = memo.get('s', 'k', slow);
    const second = memo.get('s', 'k', slow);
    const otherKey = memo.get('s', 'other', slow);
    changes.changed('s'); // a write answered: a reader from now on must not share the old one
    const third = memo.get('s', 'k', slow);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(await otherKey).toBe(2);
    expect(await third).toBe(3);
    expect(computed).toBe(3);
    // Nothing computed under the old version was kept; the new one was.
    expect(await memo.get('s', 'k', slow)).toBe(3);
    expect(computed).toBe(3);
  });

  it('lets a failed computation fail its waiting readers, and tries again on the next read', async () => {
    const bus = createEventBus(() => undefined);
    const memo = createSiteMemo<number>(trackSiteChanges(bus));
    let fail = true;
    const flaky = async () => {
      await Promise.resolve();
      if (fail) throw new Error('database gone');
      return 7;
    };
    const a = memo.get('s', 'k', flaky);
    const b = memo.get('s', 'k', flaky);
    await expect(a).rejects.toThrow('database gone');
    await expect(b).rejects.toThrow('database gone');
    fail = false;
    expect(await memo.get('s', 'k', flaky)).toBe(7);
  });
});
