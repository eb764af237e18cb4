import { describe, expect, it } from 'vitest';
import {
  NO_PAN_RATE,
  TDS_SECTIONS,
  computeTds,
  deducteeType,
  financialYearOf,
  isPan,
  panFromGstin,
  percentOfPaise,
  recomputeTds,
  tdsDueDate,
  tdsRate,
  tdsThresholdsOn,
  type EarlierTdsCredit,
  type TdsDeductee,
} from './tds.js';

const COMPANY_PAN = 'AAACR5055K'; // fourth character C: a company
const PERSON_PAN = 'ABCPE1234F'; // P: an individual
const HUF_PAN = 'ABCHE1234F'; // H: a Hindu undivided family

const rupees = (r: number): number => Math.round(r * 100);

function contractor(pan: string | null, tds194c6 = false): TdsDeductee {
  return { section: '194C', pan, tds_194c6: tds194c6 };
}

/** Feeds credits one by one to computeTds, as the server would when each is recorded. */
function runSequence(deductee: TdsDeductee, credits: { date: string; base: number }[]) {
  const earlier: EarlierTdsCredit[] = [];
  return credits.map((credit) => {
    const result = computeTds(deductee, credit, earlier);
    earlier.push({ ...credit, ...result });
    return result;
  });
}

/*
 * API.md's worked example: one deductor (two sites sharing a TAN), one vendor, § 194C,
 * ₹25,000, ₹20,000, ₹40,000, ₹28,000 in date order.
 * 1. ₹25,000: not above ₹30,000; year ₹25,000 → 0.
 * 2. ₹20,000: year ₹45,000 → 0.
 * 3. ₹40,000: above ₹30,000 alone → own TDS; year ₹85,000, no catch-up.
 * 4. ₹28,000: year ₹1,13,000 passes ₹1,00,000 → own TDS + the untaxed ₹45,000 of credits 1–2.
 *    Company 2 %: 560 + 900 = 1,460; person 1 %: 280 + 450 = 730; no PAN 20 %: 5,600 + 9,000.
 */
const WORKED = [
  { date: '2026-05-04', base: rupees(25_000) },
  { date: '2026-06-10', base: rupees(20_000) },
  { date: '2026-07-15', base: rupees(40_000) },
  { date: '2026-08-20', base: rupees(28_000) },
];

describe('TDS sections as data', () => {
  it('holds the rates and thresholds the product documents', () => {
    expect(TDS_SECTIONS['194C'].rates).toEqual({ individual_huf: 1, other: 2 });
    expect(tdsThresholdsOn('194C', '2026-05-01')).toMatchObject({
      single: rupees(30_000),
      aggregate: rupees(1_00_000),
      period: 'financial_year',
    });
    expect(TDS_SECTIONS['194J'].rates.other).toBe(10);
    expect(tdsThresholdsOn('194J', '2025-04-01').aggregate).toBe(rupees(50_000));
    expect(tdsThresholdsOn('194J', '2025-03-31').aggregate).toBe(rupees(30_000));
    expect(TDS_SECTIONS['194I'].rates.other).toBe(2);
    expect(tdsThresholdsOn('194I', '2025-04-01')).toMatchObject({
      aggregate: rupees(50_000),
      period: 'month',
    });
    expect(tdsThresholdsOn('194I', '2025-03-31')).toMatchObject({
      aggregate: rupees(2_40_000),
      period: 'financial_year',
    });
  });
});

describe('PAN', () => {
  it('checks the format and takes it from a GSTIN', () => {
    expect(isPan(COMPANY_PAN)).toBe(true);
    expect(isPan('aaacr5055k')).toBe(false);
    expect(isPan('AAACR5055')).toBe(false);
    expect(isPan('AAAC15055K')).toBe(false);
    expect(isPan(null)).toBe(false);
    expect(panFromGstin('27AAACR5055K1Z7')).toBe(COMPANY_PAN);
    expect(panFromGstin(' 27aapfu0939f1zv ')).toBe('AAPFU0939F');
    expect(panFromGstin('27AAACR')).toBeNull();
  });

  it('reads the deductee type from the fourth character', () => {
    expect(deducteeType(PERSON_PAN)).toBe('individual_huf');
    expect(deducteeType(HUF_PAN)).toBe('individual_huf');
    expect(deducteeType(COMPANY_PAN)).toBe('other');
    expect(deducteeType('AAAFA1234A')).toBe('other'); // a firm
    expect(deducteeType(null)).toBe('other');
  });
});

describe('financial year and due date', () => {
  it('runs April to March', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
    expect(() => financialYearOf('2026-13-01')).toThrow(RangeError);
  });

  it('is the 7th of the next month, 30 April for March', () => {
    expect(tdsDueDate('2026-05-31')).toBe('2026-06-07');
    expect(tdsDueDate('2026-12-01')).toBe('2027-01-07');
    expect(tdsDueDate('2027-01-15')).toBe('2027-02-07');
    expect(tdsDueDate('2027-03-01')).toBe('2027-04-30');
    expect(tdsDueDate('2027-03-31')).toBe('2027-04-30');
  });
});

describe('tdsRate', () => {
  it('is 1 % / 2 % under 194C, 20 % without a PAN, 0 with a 194C(6) declaration', () => {
    expect(tdsRate('194C', PERSON_PAN, false)).toBe(1);
    expect(tdsRate('194C', HUF_PAN, false)).toBe(1);
    expect(tdsRate('194C', COMPANY_PAN, false)).toBe(2);
    expect(tdsRate('194C', null, false)).toBe(NO_PAN_RATE);
    expect(tdsRate('194C', 'not-a-pan', false)).toBe(20);
    expect(tdsRate('194C', COMPANY_PAN, true)).toBe(0);
    // API.md: the declaration means no TDS, with or without a PAN on the record.
    expect(tdsRate('194C', null, true)).toBe(0);
    // The declaration is a § 194C matter only.
    expect(tdsRate('194J', PERSON_PAN, true)).toBe(10);
    expect(tdsRate('194I', COMPANY_PAN, false)).toBe(2);
    expect(tdsRate('194J', null, false)).toBe(20);
  });
});

describe('percentOfPaise', () => {
  it('rounds half away from zero, exactly at any size', () => {
    expect(percentOfPaise(25, 2)).toBe(1); // 0.5 paise → 1
    expect(percentOfPaise(24, 2)).toBe(0); // 0.48 → 0
    expect(percentOfPaise(-25, 2)).toBe(-1);
    expect(percentOfPaise(-24, 2)).toBe(0);
    expect(percentOfPaise(1e13, 20)).toBe(2e12);
    expect(percentOfPaise(9_007_199_254_740_991, 2.5)).toBe(225_179_981_368_525);
    expect(() => percentOfPaise(1.5, 2)).toThrow(RangeError);
    expect(() => percentOfPaise(100, 2.345)).toThrow(RangeError);
    expect(() => percentOfPaise(100, -1)).toThrow(RangeError);
  });
});

describe('computeTds: the API.md worked example (§ 194C)', () => {
  it('a company PAN at 2 %: 0 / 0 / 800 / 1,460', () => {
    expect(runSequence(contractor(COMPANY_PAN), WORKED)).toEqual([
      { rate: 2, tds_amount: 0, carried: 0 },
      { rate: 2, tds_amount: 0, carried: 0 },
      { rate: 2, tds_amount: rupees(800), carried: 0 },
      { rate: 2, tds_amount: rupees(1_460), carried: rupees(900) },
    ]);
  });

  it('an individual PAN at 1 %: 0 / 0 / 400 / 730', () => {
    expect(runSequence(contractor(PERSON_PAN), WORKED).map((r) => r.tds_amount)).toEqual([
      0,
      0,
      rupees(400),
      rupees(730),
    ]);
  });

  it('no PAN at 20 %: 0 / 0 / 8,000 / 14,600', () => {
    const results = runSequence(contractor(null), WORKED);
    expect(results.map((r) => r.tds_amount)).toEqual([0, 0, rupees(8_000), rupees(14_600)]);
    expect(results[3]?.carried).toBe(rupees(9_000));
  });

  it('a credit after the crossing one carries only its own TDS (no second catch-up)', () => {
    const results = runSequence(contractor(COMPANY_PAN), [
      ...WORKED,
      { date: '2026-09-01', base: rupees(5_000) },
    ]);
    expect(results[4]).toEqual({ rate: 2, tds_amount: rupees(100), carried: 0 });
  });
});

describe('computeTds: thresholds', () => {
  it('"exceeds" is strict: ₹30,000 alone and ₹1,00,000 a year are not taxed', () => {
    expect(
      computeTds(contractor(COMPANY_PAN), { date: '2026-05-01', base: rupees(30_000) }, []),
    ).toEqual({ rate: 2, tds_amount: 0, carried: 0 });
    expect(
      computeTds(contractor(COMPANY_PAN), { date: '2026-05-01', base: rupees(30_000) + 1 }, [])
        .tds_amount,
    ).toBe(rupees(600)); // ₹600.0002 → ₹600.00
    const atLimit = runSequence(contractor(COMPANY_PAN), [
      { date: '2026-05-01', base: rupees(25_000) },
      { date: '2026-06-01', base: rupees(25_000) },
      { date: '2026-07-01', base: rupees(25_000) },
      { date: '2026-08-01', base: rupees(25_000) },
      { date: '2026-09-01', base: 1 },
    ]);
    expect(atLimit.slice(0, 4).map((r) => r.tds_amount)).toEqual([0, 0, 0, 0]);
    // One paisa over: 2 % of ₹1,00,000.01 = ₹2,000.0002 → ₹2,000.00, all of it carried.
    expect(atLimit[4]).toEqual({ rate: 2, tds_amount: rupees(2_000), carried: rupees(2_000) });
  });

  it('credits of March do not count toward the year that starts in April', () => {
    const results = runSequence(contractor(COMPANY_PAN), [
      { date: '2026-02-10', base: rupees(25_000) },
      { date: '2026-03-31', base: rupees(25_000) },
      { date: '2026-04-01', base: rupees(25_000) },
      { date: '2026-04-02', base: rupees(28_000) },
    ]);
    expect(results.map((r) => r.tds_amount)).toEqual([0, 0, 0, 0]);
    // ₹1,03,000 over two years: in one year it would have crossed.
    const oneYear = runSequence(contractor(COMPANY_PAN), [
      { date: '2026-04-10', base: rupees(25_000) },
      { date: '2026-05-31', base: rupees(25_000) },
      { date: '2027-03-01', base: rupees(25_000) },
      { date: '2027-03-31', base: rupees(28_000) },
    ]);
    expect(oneYear[3]?.tds_amount).toBe(rupees(2_060));
  });

  it('a § 194C(6) transporter is never deducted from, and not caught up later', () => {
    expect(
      runSequence(contractor(COMPANY_PAN, true), WORKED).map((r) => [r.rate, r.tds_amount]),
    ).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    // Declared credits (rate 0) stay outside a later catch-up.
    const earlier: EarlierTdsCredit[] = [
      { date: '2026-05-01', base: rupees(60_000), tds_amount: 0, rate: 0 },
      { date: '2026-06-01', base: rupees(20_000), tds_amount: 0, rate: 2 },
    ];
    const crossing = computeTds(
      contractor(COMPANY_PAN),
      { date: '2026-07-01', base: rupees(25_000) },
      earlier,
    );
    expect(crossing).toEqual({ rate: 2, tds_amount: rupees(900), carried: rupees(400) });
  });

  it('194J: ₹50,000 a year from FY 2025-26, ₹30,000 before; no per-credit threshold', () => {
    const consultant: TdsDeductee = { section: '194J', pan: PERSON_PAN, tds_194c6: false };
    expect(
      runSequence(consultant, [
        { date: '2025-05-01', base: rupees(40_000) },
        { date: '2025-06-01', base: rupees(10_000) },
        { date: '2025-07-01', base: rupees(5_000) },
      ]),
    ).toEqual([
      { rate: 10, tds_amount: 0, carried: 0 },
      { rate: 10, tds_amount: 0, carried: 0 },
      { rate: 10, tds_amount: rupees(5_500), carried: rupees(5_000) },
    ]);
    expect(
      computeTds(consultant, { date: '2025-03-01', base: rupees(30_001) }, []).tds_amount,
    ).toBe(rupees(3_000.1));
  });

  it('194I: ₹50,000 a calendar month from FY 2025-26; another month starts afresh', () => {
    const hire: TdsDeductee = { section: '194I', pan: COMPANY_PAN, tds_194c6: false };
    expect(
      runSequence(hire, [
        { date: '2026-05-05', base: rupees(30_000) },
        { date: '2026-05-25', base: rupees(30_000) },
        { date: '2026-06-05', base: rupees(45_000) },
      ]).map((r) => r.tds_amount),
    ).toEqual([0, rupees(1_200), 0]);
    // Before FY 2025-26: ₹2,40,000 over the year.
    expect(
      runSequence(hire, [
        { date: '2024-05-05', base: rupees(2_00_000) },
        { date: '2024-11-05', base: rupees(50_000) },
      ]).map((r) => r.tds_amount),
    ).toEqual([0, rupees(5_000)]);
  });

  it('refuses amounts that are not whole, non-negative paise', () => {
    expect(() => computeTds(contractor(null), { date: '2026-05-01', base: -1 }, [])).toThrow(
      RangeError,
    );
    expect(() => computeTds(contractor(null), { date: '2026-05-01', base: 0.5 }, [])).toThrow(
      RangeError,
    );
  });
});

describe('recomputeTds', () => {
  it('a later credit catches up what a frozen crossing credit could not', () => {
    const results = recomputeTds(contractor(COMPANY_PAN), [
      { id: 'a', date: '2026-05-02', base: rupees(29_000) },
      { id: 'b', date: '2026-05-20', base: rupees(35_000) },
      // Deposited before the back-dated ones were known: kept as it was.
      { id: 'c', date: '2026-06-03', base: rupees(40_000), frozen: true, tds_amount: rupees(800) },
      { id: 'd', date: '2026-07-01', base: rupees(10_000) },
    ]);
    expect(results.map((r) => [r.id, r.tds_amount, r.carried])).toEqual([
      ['a', 0, 0],
      ['b', rupees(700), 0],
      ['c', rupees(800), 0],
      ['d', rupees(200 + 580), rupees(580)],
    ]);
  });

  const ids = ['c1', 'c2', 'c3', 'c4'] as const;
  const credits = WORKED.map((credit, i) => ({ ...credit, id: ids[i] ?? '' }));

  it('gives the worked example whatever order the credits come in', () => {
    const shuffled = [credits[3], credits[1], credits[0], credits[2]].filter(
      (c) => c !== undefined,
    );
    expect(recomputeTds(contractor(COMPANY_PAN), shuffled)).toEqual([
      { id: 'c1', rate: 2, tds_amount: 0, carried: 0 },
      { id: 'c2', rate: 2, tds_amount: 0, carried: 0 },
      { id: 'c3', rate: 2, tds_amount: rupees(800), carried: 0 },
      { id: 'c4', rate: 2, tds_amount: rupees(1_460), carried: rupees(900) },
    ]);
  });

  it('an earlier credit edited down: the year no longer crosses', () => {
    // c3 ₹40,000 → ₹20,000: no credit alone above ₹30,000, the year ₹93,000.
    const edited = credits.map((c) => (c.id === 'c3' ? { ...c, base: rupees(20_000) } : c));
    expect(recomputeTds(contractor(COMPANY_PAN), edited).map((r) => r.tds_amount)).toEqual([
      0, 0, 0, 0,
    ]);
    // c1 ₹25,000 → ₹10,000: c3 alone is still taxed; the year reaches ₹98,000 only.
    const cut = credits.map((c) => (c.id === 'c1' ? { ...c, base: rupees(10_000) } : c));
    expect(recomputeTds(contractor(COMPANY_PAN), cut).map((r) => r.tds_amount)).toEqual([
      0,
      0,
      rupees(800),
      0,
    ]);
  });

  it('an earlier credit deleted', () => {
    const withoutC2 = credits.filter((c) => c.id !== 'c2');
    expect(recomputeTds(contractor(PERSON_PAN), withoutC2)).toEqual([
      { id: 'c1', rate: 1, tds_amount: 0, carried: 0 },
      { id: 'c3', rate: 1, tds_amount: rupees(400), carried: 0 },
      { id: 'c4', rate: 1, tds_amount: 0, carried: 0 }, // ₹93,000 in the year
    ]);
  });

  it('a back-dated credit moves the crossing onto itself', () => {
    const backDated = [...credits, { id: 'c0', date: '2026-04-15', base: rupees(20_000) }];
    expect(recomputeTds(contractor(COMPANY_PAN), backDated)).toEqual([
      { id: 'c0', rate: 2, tds_amount: 0, carried: 0 },
      { id: 'c1', rate: 2, tds_amount: 0, carried: 0 },
      { id: 'c2', rate: 2, tds_amount: 0, carried: 0 },
      // Year ₹1,05,000: c3 crosses and carries c0–c2 (₹65,000): 800 + 1,300.
      { id: 'c3', rate: 2, tds_amount: rupees(2_100), carried: rupees(1_300) },
      // Past the aggregate every credit is taxed, below ₹30,000 too, without a second catch-up.
      { id: 'c4', rate: 2, tds_amount: rupees(560), carried: 0 },
    ]);
  });

  it('frozen credits keep their figures; the rest follow the edit', () => {
    // c4 was paid with its catch-up; c1 is then cut to ₹5,000: c4 keeps ₹1,460 (the server
    // decides about the ₹400 over-deducted), c3 is recomputed.
    const paid = credits.map((c) =>
      c.id === 'c4'
        ? { ...c, frozen: true, tds_amount: rupees(1_460), rate: 2, carried: rupees(900) }
        : c.id === 'c1'
          ? { ...c, base: rupees(5_000) }
          : c,
    );
    expect(recomputeTds(contractor(COMPANY_PAN), paid)).toEqual([
      { id: 'c1', rate: 2, tds_amount: 0, carried: 0 },
      { id: 'c2', rate: 2, tds_amount: 0, carried: 0 },
      { id: 'c3', rate: 2, tds_amount: rupees(800), carried: 0 },
      { id: 'c4', rate: 2, tds_amount: rupees(1_460), carried: rupees(900) },
    ]);
    // A frozen untaxed credit is still caught up by the credit that crosses.
    const frozenEarly = credits.map((c) =>
      c.id === 'c1' ? { ...c, frozen: true, tds_amount: 0 } : c,
    );
    expect(recomputeTds(contractor(COMPANY_PAN), frozenEarly)[3]?.tds_amount).toBe(rupees(1_460));
    expect(() =>
      recomputeTds(contractor(COMPANY_PAN), [
        { id: 'x', date: '2026-05-01', base: rupees(25_000), frozen: true },
      ]),
    ).toThrow(RangeError);
  });
});
