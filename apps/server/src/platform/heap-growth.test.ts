import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from './heap-growth.js';

describe('limitHeapGrowth', () => {
  it('leaves a growing factor given to node as it is', () => {
    expect(limitHeapGrowth(['--heap-growing-percent=80'], '')).toBe(false);
    expect(limitHeapGrowth([], '--max-old-space-size=512 --heap_growing_percent=30')).toBe(false);
  });

  it('sets its own otherwise', () => {
    expect(limitHeapGrowth(['--enable-source-maps'], '--max-old-space-size=512')).toBe(true);
  });
});
