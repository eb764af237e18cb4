import { describe, expect, it } from 'vitest';
import { findHeader, readNumber } from './budget-import-columns.js';
import { readSheet } from './budget-import-sheet.js';

describe('BOQ columns and numbers', () => {
  it('reads numbers as BOQs write them', () => {
    expect(readNumber('1,20,000.50')).toBe(120000.5);
    expect(readNumber('₹ 1,85,000')).toBe(185000);
    expect(readNumber('Rs. 450')).toBe(450);
    expect(readNumber('INR 12.5')).toBe(12.5);
    expect(readNumber(62.35)).toBe(62.35);
    expect(readNumber('  ')).toBeNull();
    expect(readNumber('-')).toBeNull();
    expect(readNumber(null)).toBeNull();
    expect(readNumber('-5')).toBe(-5);
    expect(readNumber('abc')).toBeNaN();
    expect(readNumber('12 bags')).toBeNaN();
  });

  it('finds the header under a title row, by synonyms, case-insensitively', () => {
    const { index, columns } = findHeader([
      { row: 1, cells: ['Bill of quantities', null] },
      { row: 2, cells: ['PARTICULARS', 'UOM', 'Qty.', 'Unit Rate', 'Total Amount', 'Cost head'] },
    ]);
    expect(index).toBe(1);
    expect(columns).toEqual({ item: 0, unit: 1, quantity: 2, rate: 3, amount: 4, head: 5 });
    expect(() => findHeader([{ row: 1, cells: ['just', 'words'] }])).toThrow();
  });

  it('reads a CSV with a byte-order mark, quoted separators and line breaks, or semicolons', async () => {
    const csv = '\uFEFFItem,Qty\r\n"Cement, OPC ""53""",2\r\n\r\n"Steel\nTMT",3\n';
    expect(await readSheet(Buffer.from(csv))).toEqual([
      { row: 1, cells: ['Item', 'Qty'] },
      { row: 2, cells: ['Cement, OPC "53"', '2'] },
      { row: 4, cells: ['Steel\nTMT', '3'] },
    ]);
    const semi = await readSheet(Buffer.from('Item;Qty;Rate\nSand;1,5;100\n'));
    expect(semi[1]!.cells).toEqual(['Sand', '1,5', '100']);
  });
});
