import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('gives 15 characters of [a-z0-9], all different, every character about equally often', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(36);
    // 300 000 characters over 36: 8 333 each; a biased pick (byte % 36 without rejection) or a
    // reused pool would stand far outside ±5 %.
    for (const n of counts.values()) expect(Math.abs(n - 300_000 / 36)).toBeLessThan(417);
  });
});
