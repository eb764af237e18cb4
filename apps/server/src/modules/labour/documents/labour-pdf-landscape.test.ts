import { describe, expect, it } from 'vitest';
import { layoutSheet, SHEET, SHEET_BOTTOM, SHEET_NEXT_TOP } from './labour-pdf-landscape.js';

describe('landscape sheet pages', () => {
  it('is A4 turned, with the portrait documents’ margins', () => {
    expect(SHEET).toMatchObject({ width: 841.89, height: 595.28, left: 40 });
    expect(SHEET.right).toBeCloseTo(801.89);
  });

  it('puts the table head over the first row of each page and moves what does not fit', () => {
    const rows = Array.from({ length: 30 }, () => ({ height: 20, row: true }));
    const pages = layoutSheet([...rows, { height: 70 }], 110, 24);
    // (548 − 110 − 24) / 20 → 20 rows on the first page, (548 − 62 − 24) / 20 → 23 after.
    expect(pages.map((p) => p.blocks.length)).toEqual([20, 11]);
    expect(pages.map((p) => p.headAt)).toEqual([110, SHEET_NEXT_TOP]);
    expect(pages[1]?.blocks[0]?.y).toBe(SHEET_NEXT_TOP + 24);
    for (const page of pages) {
      for (const block of page.blocks) expect(block.y).toBeLessThanOrEqual(SHEET_BOTTOM);
    }
  });

  it('starts a page for a block that would pass the bottom, without a head when it is no row', () => {
    const pages = layoutSheet([{ height: 20, row: true }, { height: 450 }], 110, 24);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toEqual({ headAt: null, blocks: [{ index: 1, y: SHEET_NEXT_TOP }] });
  });
});
