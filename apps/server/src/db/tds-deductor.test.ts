import { describe, expect, it } from 'vitest';
import { siteShareLeft } from './tds-deductor.js';

describe("a site's share of its TAN's month left to deposit (paise)", () => {
  it('is the rest alone; in proportion to its TDS beside other sites; nothing once covered', () => {
    expect(siteShareLeft(800_00, 800_00, 0)).toBe(800_00);
    expect(siteShareLeft(800_00, 800_00, 500_00)).toBe(300_00);
    // Two sites of ₹800 each, ₹1,000 deposited: ₹600 left, ₹300 each.
    expect(siteShareLeft(800_00, 1600_00, 1000_00)).toBe(300_00);
    // ₹1 and ₹2 of TDS, nothing deposited: each its own.
    expect(siteShareLeft(1_00, 3_00, 0) + siteShareLeft(2_00, 3_00, 0)).toBe(3_00);
    expect(siteShareLeft(800_00, 1600_00, 1600_00)).toBe(0);
    expect(siteShareLeft(800_00, 1600_00, 2000_00)).toBe(0);
    expect(siteShareLeft(0, 1600_00, 0)).toBe(0);
  });
});
