import { describe, expect, it } from 'vitest';
import { messageFor, statusFor } from './errors.js';
import { lineTotalPaise, toMilli } from './money.js';
import {
  RaBillError,
  advanceRecovery,
  computeRaBill,
  raBillLines,
  raLineAmount,
  type RaBillFigures,
  type RaBillInput,
  type WorkOrderLineState,
} from './ra-bill.js';
import { computeTds } from './tds.js';

/*
 * Work order of ₹10,00,000 (1,00,00,000 paise):
 *   L1 excavation  2,000 cum × ₹150.00   = ₹3,00,000
 *   L2 brickwork     400 cum × ₹1,125.50 = ₹4,50,200
 *   L3 plaster     1,000 sqm × ₹249.80   = ₹2,49,800
 * Retention 5 %, advance ₹1,00,000 paid, recovered at 10 % of each bill's gross, GST 18 % within
 * the state (CGST 9 % + SGST 9 %), § 194C at 2 % (a company). Figures in paise; "→" rounds to the
 * paisa half away from zero.
 */
const WORK_ORDER: readonly WorkOrderLineState[] = [
  { id: 'l1', quantity: toMilli(2_000), rate: 15_000, billed_quantity: 0 },
  { id: 'l2', quantity: toMilli(400), rate: 112_550, billed_quantity: 0 },
  { id: 'l3', quantity: toMilli(1_000), rate: 24_980, billed_quantity: 0 },
];

const TERMS = {
  retention_percent: 5,
  advance_recovery_percent: 10,
  advance_paid: 1_00_00_000,
  gst_rate: 18,
  same_state: true,
  tds_rate: 2,
};

/** The work order after a bill: billed quantities and the advance recovered move on. */
function after(lines: readonly WorkOrderLineState[], bill: RaBillFigures): WorkOrderLineState[] {
  return lines.map((line) => {
    const billed = bill.lines.find((l) => l.work_order_line === line.id);
    return billed ? { ...line, billed_quantity: billed.cumulative_quantity } : line;
  });
}

function bill(
  lines: readonly WorkOrderLineState[],
  cumulative: Record<string, number>,
  advanceRecovered: number,
  final = false,
): RaBillFigures {
  const input: RaBillInput = {
    ...TERMS,
    work_order_lines: lines,
    lines: Object.entries(cumulative).map(([id, quantity]) => ({
      work_order_line: id,
      cumulative_quantity: toMilli(quantity),
    })),
    advance_recovered: advanceRecovered,
    final,
  };
  return computeRaBill(input);
}

describe('RA bills of one work order, worked by hand', () => {
  /*
   * RA-1: L1 1,200.5 cum, L2 100.125 cum, L3 300.025 sqm.
   *   L1 1,200.5 × 15,000 = 1,80,07,500
   *   L2 100.125 × 1,12,550 = 1,12,69,068.75 → 1,12,69,069
   *   L3 300.025 × 24,980 = 74,94,624.5 → 74,94,625 (an exact half: up)
   *   gross 3,67,71,194; CGST = SGST = 9 % = 33,09,407.46 → 33,09,407
   *   retention 5 % = 18,38,559.7 → 18,38,560
   *   advance recovery 10 % = 36,77,119.4 → 36,77,119 (1,00,00,000 outstanding)
   *   TDS base 3,67,71,194 − 36,77,119 = 3,30,94,075; 2 % = 6,61,881.5 → 6,61,882
   *   net 3,67,71,194 + 66,18,814 − 18,38,560 − 36,77,119 − 6,61,882 = 3,72,12,447
   * RA-2: L1 to 2,000 (799.5), L2 to 250 (149.875), L3 to 600 (299.975).
   *   L1 799.5 × 15,000 = 1,19,92,500
   *   L2 149.875 × 1,12,550 = 1,68,68,431.25 → 1,68,68,431
   *   L3 299.975 × 24,980 = 74,93,375.5 → 74,93,376
   *   gross 3,63,54,307; CGST = SGST = 32,71,887.63 → 32,71,888
   *   retention 18,17,715.35 → 18,17,715
   *   recovery 10 % = 36,35,430.7 → 36,35,431 (63,22,881 outstanding)
   *   TDS base 3,27,18,876; 2 % = 6,54,377.52 → 6,54,378
   *   net 3,63,54,307 + 65,43,776 − 18,17,715 − 36,35,431 − 6,54,378 = 3,67,90,559
   * RA-3, final, the work closed short: L2 to 400 (150), L3 to 800 (200).
   *   L2 150 × 1,12,550 = 1,68,82,500; L3 200 × 24,980 = 49,96,000
   *   gross 2,18,78,500; CGST = SGST = 19,69,065; retention 10,93,925
   *   recovery: 10 % would be 21,87,850, but a final bill takes all that is outstanding:
   *     1,00,00,000 − 36,77,119 − 36,35,431 = 26,87,450
   *   TDS base 2,18,78,500 − 26,87,450 = 1,91,91,050; 2 % = 3,83,821
   *   net 2,18,78,500 + 39,38,130 − 10,93,925 − 26,87,450 − 3,83,821 = 2,16,51,434
   */
  const ra1 = bill(WORK_ORDER, { l1: 1_200.5, l2: 100.125, l3: 300.025 }, 0);
  const ra2 = bill(after(WORK_ORDER, ra1), { l1: 2_000, l2: 250, l3: 600 }, 36_77_119);
  const ra3 = bill(after(after(WORK_ORDER, ra1), ra2), { l2: 400, l3: 800 }, 73_12_550, true);

  it('RA-1', () => {
    expect(ra1.lines).toEqual([
      {
        work_order_line: 'l1',
        previous_quantity: 0,
        cumulative_quantity: 1_200_500,
        quantity: 1_200_500,
        rate: 15_000,
        amount: 1_80_07_500,
      },
      {
        work_order_line: 'l2',
        previous_quantity: 0,
        cumulative_quantity: 100_125,
        quantity: 100_125,
        rate: 112_550,
        amount: 1_12_69_069,
      },
      {
        work_order_line: 'l3',
        previous_quantity: 0,
        cumulative_quantity: 300_025,
        quantity: 300_025,
        rate: 24_980,
        amount: 74_94_625,
      },
    ]);
    expect({ ...ra1, lines: undefined }).toEqual({
      lines: undefined,
      gross_amount: 3_67_71_194,
      cgst_amount: 33_09_407,
      sgst_amount: 33_09_407,
      igst_amount: 0,
      retention_amount: 18_38_560,
      advance_recovery: 36_77_119,
      tds_base: 3_30_94_075,
      tds_rate: 2,
      tds_amount: 6_61_882,
      tds_carried: 0,
      net_payable: 3_72_12_447,
    });
  });

  it('RA-2', () => {
    expect(ra2.lines.map((l) => [l.previous_quantity, l.quantity, l.amount])).toEqual([
      [1_200_500, 799_500, 1_19_92_500],
      [100_125, 149_875, 1_68_68_431],
      [300_025, 299_975, 74_93_376],
    ]);
    expect({ ...ra2, lines: undefined }).toEqual({
      lines: undefined,
      gross_amount: 3_63_54_307,
      cgst_amount: 32_71_888,
      sgst_amount: 32_71_888,
      igst_amount: 0,
      retention_amount: 18_17_715,
      advance_recovery: 36_35_431,
      tds_base: 3_27_18_876,
      tds_rate: 2,
      tds_amount: 6_54_378,
      tds_carried: 0,
      net_payable: 3_67_90_559,
    });
  });

  it('RA-3, final: recovers the rest of the advance', () => {
    expect(ra3.lines.map((l) => [l.previous_quantity, l.quantity, l.amount])).toEqual([
      [250_000, 150_000, 1_68_82_500],
      [600_000, 200_000, 49_96_000],
    ]);
    expect({ ...ra3, lines: undefined }).toEqual({
      lines: undefined,
      gross_amount: 2_18_78_500,
      cgst_amount: 19_69_065,
      sgst_amount: 19_69_065,
      igst_amount: 0,
      retention_amount: 10_93_925,
      advance_recovery: 26_87_450,
      tds_base: 1_91_91_050,
      tds_rate: 2,
      tds_amount: 3_83_821,
      tds_carried: 0,
      net_payable: 2_16_51_434,
    });
    // The whole advance is back, and the retention held is the three bills' retention.
    expect(ra1.advance_recovery + ra2.advance_recovery + ra3.advance_recovery).toBe(1_00_00_000);
    expect(ra1.retention_amount + ra2.retention_amount + ra3.retention_amount).toBe(47_50_200);
  });
});

describe('the waterfall, one step at a time', () => {
  const base: RaBillInput = {
    ...TERMS,
    work_order_lines: WORK_ORDER,
    lines: [{ work_order_line: 'l1', cumulative_quantity: toMilli(100) }], // ₹15,000
    advance_recovered: 0,
    final: false,
  };

  it('IGST across states; no GST without a rate', () => {
    const inter = computeRaBill({ ...base, same_state: false });
    expect([inter.cgst_amount, inter.sgst_amount, inter.igst_amount]).toEqual([0, 0, 2_70_000]);
    expect(inter.net_payable).toBe(15_00_000 + 2_70_000 - 75_000 - 1_50_000 - 27_000);
    const none = computeRaBill({ ...base, gst_rate: null });
    expect([none.cgst_amount, none.sgst_amount, none.igst_amount]).toEqual([0, 0, 0]);
  });

  it('advance recovery stops at what is outstanding, and takes nothing before the advance is paid', () => {
    expect(advanceRecovery(15_00_000, 10, 1_00_00_000, 99_00_000, false)).toBe(1_00_000);
    expect(advanceRecovery(15_00_000, 10, 0, 0, false)).toBe(0);
    expect(advanceRecovery(15_00_000, 10, 0, 0, true)).toBe(0);
    expect(advanceRecovery(15_00_000, 10, 1_00_000, 1_00_000, true)).toBe(0);
    const capped = computeRaBill({ ...base, advance_recovered: 99_00_000 });
    expect(capped.advance_recovery).toBe(1_00_000);
    expect(capped.tds_base).toBe(14_00_000);
  });

  it('a final bill recovering more than its gross takes no TDS and owes the difference', () => {
    const final = computeRaBill({ ...base, final: true });
    expect(final.advance_recovery).toBe(1_00_00_000);
    expect(final.tds_base).toBe(0);
    expect(final.tds_amount).toBe(0);
    // 15,00,000 + 2,70,000 GST − 75,000 retention − 1,00,00,000
    expect(final.net_payable).toBe(-83_05_000);
  });

  it('the TDS engine may decide the TDS, with its catch-up', () => {
    // Earlier untaxed credits of ₹90,000 in the year: this bill's ₹13,500 base crosses ₹1,00,000.
    const earlier = [{ date: '2026-05-01', base: 90_00_000, tds_amount: 0, rate: 2 }];
    const deductee = { section: '194C' as const, pan: 'AAACR5055K', tds_194c6: false };
    const withEngine = computeRaBill({
      ...base,
      tds_for: (tdsBase) => computeTds(deductee, { date: '2026-06-01', base: tdsBase }, earlier),
    });
    expect(withEngine.tds_base).toBe(13_50_000);
    expect(withEngine.tds_amount).toBe(2_07_000); // 2 % of ₹1,03,500
    expect(withEngine.tds_carried).toBe(1_80_000);
  });

  it('a line with nothing new bills nothing', () => {
    const lines = after(WORK_ORDER, computeRaBill(base));
    const again = computeRaBill({ ...base, work_order_lines: lines });
    expect(again.lines[0]).toMatchObject({ previous_quantity: 100_000, quantity: 0, amount: 0 });
    expect(again.net_payable).toBe(0);
  });
});

describe('refusals', () => {
  it('a cumulative quantity above the ordered one: WO_QUANTITY_EXCEEDED', () => {
    const lines = WORK_ORDER.map((l) => (l.id === 'l2' ? { ...l, billed_quantity: 350_000 } : l));
    const refused = raBillLines(lines, [
      { work_order_line: 'l1', cumulative_quantity: toMilli(10) },
      { work_order_line: 'l2', cumulative_quantity: toMilli(400.5) },
    ]);
    expect(refused).toBeInstanceOf(RaBillError);
    expect(refused).toMatchObject({
      code: 'WO_QUANTITY_EXCEEDED',
      data: { work_order_line: 'l2', ordered: 400, billed: 350, requested: 50.5 },
    });
    expect(statusFor('WO_QUANTITY_EXCEEDED')).toBe(400);
    expect(
      messageFor('WO_QUANTITY_EXCEEDED', 'en', { ordered: 400, billed: 350, requested: 50.5 }),
    ).toBe('Only 400 were ordered and 350 already billed: 50.5 more is too much');
    // Exactly the ordered quantity is fine.
    expect(
      raBillLines(lines, [{ work_order_line: 'l2', cumulative_quantity: toMilli(400) }]),
    ).not.toBeInstanceOf(RaBillError);
  });

  it('below the previous cumulative, an unknown or repeated line: VALIDATION_FAILED', () => {
    const lines = WORK_ORDER.map((l) => (l.id === 'l1' ? { ...l, billed_quantity: 500_000 } : l));
    const run = (requests: { work_order_line: string; cumulative_quantity: number }[]) => () =>
      computeRaBill({
        ...TERMS,
        work_order_lines: lines,
        lines: requests,
        advance_recovered: 0,
        final: false,
      });
    expect(run([{ work_order_line: 'l1', cumulative_quantity: 499_999 }])).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        data: {
          'lines.0.cumulative_quantity': expect.objectContaining({ code: 'below_previous' }),
        },
      }),
    );
    expect(run([{ work_order_line: 'nope', cumulative_quantity: 1 }])).toThrow(
      expect.objectContaining({
        data: { 'lines.0.work_order_line': expect.objectContaining({ code: 'invalid_reference' }) },
      }),
    );
    expect(
      run([
        { work_order_line: 'l2', cumulative_quantity: 1 },
        { work_order_line: 'l2', cumulative_quantity: 2 },
      ]),
    ).toThrow(
      expect.objectContaining({
        data: { 'lines.1.work_order_line': expect.objectContaining({ code: 'duplicate' }) },
      }),
    );
    expect(run([{ work_order_line: 'l2', cumulative_quantity: 1.5 }])).toThrow(RaBillError);
    expect(statusFor('NOT_LATEST_BILL')).toBe(409);
  });
});

describe('raLineAmount', () => {
  it('rounds to the paisa as a delivery line does, half up (quantities are never negative)', () => {
    expect(raLineAmount(25, 24_980)).toBe(625); // 624.5
    expect(raLineAmount(1, 499)).toBe(0); // 0.499
    expect(raLineAmount(1_500, 12_345)).toBe(lineTotalPaise(1_500, 12_345));
    // 10,000 units × ₹10,00,000: 1e7 milli × 1e8 paise ÷ 1000 = 1e12 paise, exact.
    expect(raLineAmount(1e7, 1e8)).toBe(1e12);
    expect(() => raLineAmount(0.5, 100)).toThrow(RangeError);
  });
});
