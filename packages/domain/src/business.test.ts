import { describe, expect, it } from 'vitest';
import {
  accountGroups,
  catalogGroups,
  ageingBucket,
  ageingOf,
  ageInDays,
  mergeGroups,
  partyNameKey,
} from './business.js';

describe('payables ageing', () => {
  it('puts a bill in 0–30, 31–60, 61–90 or 90+ days by its age on the day', () => {
    expect(ageInDays('2026-10-01', '2026-10-31')).toBe(30);
    expect(ageingBucket('2026-10-01', '2026-10-31')).toBe('0_30');
    expect(ageingBucket('2026-09-30', '2026-10-31')).toBe('31_60');
    expect(ageingBucket('2026-09-01', '2026-10-31')).toBe('31_60');
    expect(ageingBucket('2026-08-31', '2026-10-31')).toBe('61_90');
    expect(ageingBucket('2026-08-02', '2026-10-31')).toBe('61_90');
    expect(ageingBucket('2026-08-01', '2026-10-31')).toBe('90_plus');
    // A bill dated after the day (typed ahead) is not overdue.
    expect(ageingBucket('2026-11-05', '2026-10-31')).toBe('0_30');
    // Across a leap day: 2028-02-29 exists.
    expect(ageInDays('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('sums what each bill still owes, in paise, leaving out the paid', () => {
    const ageing = ageingOf(
      [
        { date: '2026-10-20', owed: 1_000_00 },
        { date: '2026-09-15', owed: 250_50 },
        { date: '2026-06-01', owed: 99_99 },
        { date: '2026-06-01', owed: 0 },
        { date: '2026-10-30', owed: -5_00 },
      ],
      '2026-10-31',
    );
    expect(ageing).toEqual({
      '0_30': 1_000_00,
      '31_60': 250_50,
      '61_90': 0,
      '90_plus': 99_99,
      total: 1_350_49,
    });
  });
});

describe('vendors that are one party', () => {
  it('reads a trade name without its legal form, case and punctuation', () => {
    expect(partyNameKey('M/s. Sri Lakshmi Traders Pvt. Ltd.')).toBe('sri lakshmi traders');
    expect(partyNameKey('SRI LAKSHMI TRADERS')).toBe('sri lakshmi traders');
    expect(partyNameKey('Gupta & Co.')).toBe('gupta');
    expect(partyNameKey('गुप्ता ट्रेडर्स')).toBe('गुप्ता ट्रेडर्स');
  });

  const v = (id: string, site: string, name: string, gstin: string | null = null) => ({
    id,
    site,
    name,
    gstin,
  });

  it('groups one GSTIN, and the same name without a GSTIN, keeping the registered one', () => {
    const groups = mergeGroups([
      v('a1', 'A', 'Sri Lakshmi Traders', null),
      v('b1', 'B', 'SRI LAKSHMI TRADERS PVT LTD', '27aapfu0939f1zv'),
      v('c1', 'C', 'Sri Lakshmi Traders', '27AAPFU0939F1ZV'),
      v('a2', 'A', 'Gupta Hardware'),
      v('b2', 'B', 'gupta hardware'),
      v('c2', 'C', 'Sharma Cement'),
    ]);
    expect(groups.map((g) => [g.reason, g.keep.id, g.vendors.map((x) => x.id)])).toEqual([
      ['gstin', 'b1', ['b1', 'c1', 'a1']],
      ['name', 'a2', ['a2', 'b2']],
    ]);
  });

  it('keeps two registrations of one name apart, and a nameless vendor out', () => {
    const groups = mergeGroups([
      v('a1', 'A', 'Balaji Steels', '27AAPFU0939F1ZV'),
      v('b1', 'B', 'Balaji Steels', '29AAPFU0939F1ZR'),
      v('c1', 'C', 'Balaji Steels'),
      v('a2', 'A', '...'),
      v('b2', 'B', '—'),
    ]);
    expect(groups).toEqual([]);
  });
});

describe('accountGroups', () => {
  const a = (id: string, name: string, type = 'bank', account_number: string | null = null) => ({
    id,
    name,
    type,
    account_number,
  });
  it('joins one type by number, else by name; two numbers stay two accounts', () => {
    const groups = accountGroups([
      a('1', 'HDFC Current', 'bank', '5010 0123'),
      a('2', 'hdfc current', 'bank', '50100123'),
      a('3', 'HDFC current'),
      a('4', 'HDFC Current', 'bank', '999'),
      a('5', 'Site cash', 'cash'),
      a('6', 'SITE CASH', 'cash'),
      a('7', 'Site cash', 'bank'),
    ]);
    expect(groups.map((g) => g.map((x) => x.id))).toEqual([
      ['1', '2', '3'],
      ['5', '6'],
    ]);
  });
});

describe('catalogGroups', () => {
  it('joins the same name in the same unit only', () => {
    const rows = [
      { id: '1', name: 'Cement OPC 53', unit: 'bag' },
      { id: '2', name: 'cement  opc 53', unit: 'bag' },
      { id: '3', name: 'Cement OPC 53', unit: 'tonne' },
      { id: '4', name: 'Sand', unit: 'cft' },
    ];
    expect(catalogGroups(rows).map((g) => g.map((r) => r.id))).toEqual([['1', '2']]);
  });
});
