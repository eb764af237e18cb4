import { describe, expect, it } from 'vitest';
import {
  GST_RATES,
  GST_STATES,
  gstinCheckChar,
  isGstRate,
  isHsnCode,
  isSacCode,
  isStateCode,
  parseGstin,
  splitGst,
  zGstRate,
  zHsnCode,
  zSacCode,
  zStateCode,
} from './gst.js';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/*
 * Published sample GSTINs, their check characters worked by hand (value × factor → ⌊p/36⌋ + p%36,
 * factors 1, 2, 1, 2, … from the first character; check = (36 − sum % 36) % 36):
 *
 * 27AAPFU0939F1ZV: 2·1=2, 7·2=14, A10·1=10, A10·2=20, P25·1=25, F15·2=30, U30·1=30, 0·2=0,
 *   9·1=9, 3·2=6, 9·1=9, F15·2=30, 1·1=1, Z35·2=70→1+34=35; sum 221, 221 % 36 = 5, 36 − 5 = 31 = V.
 * 29AAGCB7383J1Z4: 2, 9·2=18, A=10, A·2=20, G=16, C12·2=24, B=11, 7·2=14, 3, 8·2=16, 3,
 *   J19·2=38→1+2=3, 1, Z·2→35; sum 176, 176 % 36 = 32, 36 − 32 = 4.
 * 27AAACR5055K1Z7: 2, 7·2=14, A=10, A·2=20, A=10, C·2=24, R=27, 5·2=10, 0, 5·2=10, 5,
 *   K20·2=40→1+4=5, 1, Z·2→35; sum 173, 173 % 36 = 29, 36 − 29 = 7.
 * 24AAACC1206D1ZM: 2, 4·2=8, A=10, A·2=20, A=10, C·2=24, C=12, 1·2=2, 2, 0, 6, D13·2=26, 1,
 *   Z·2→35; sum 158, 158 % 36 = 14, 36 − 14 = 22 = M.
 */
const SAMPLES = [
  { gstin: '27AAPFU0939F1ZV', stateCode: '27', pan: 'AAPFU0939F' },
  { gstin: '29AAGCB7383J1Z4', stateCode: '29', pan: 'AAGCB7383J' },
  { gstin: '27AAACR5055K1Z7', stateCode: '27', pan: 'AAACR5055K' },
  { gstin: '24AAACC1206D1ZM', stateCode: '24', pan: 'AAACC1206D' },
] as const;

describe('GST state codes', () => {
  it('knows the codes a GSTIN can open with', () => {
    expect(GST_STATES['01']).toBe('Jammu and Kashmir');
    expect(GST_STATES['26']).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(GST_STATES['38']).toBe('Ladakh');
    for (let n = 1; n <= 38; n += 1) expect(isStateCode(String(n).padStart(2, '0'))).toBe(true);
    for (const code of ['97', '99', '25', '28']) expect(isStateCode(code)).toBe(true);
    for (const code of ['00', '39', '96', '98', '1', '001', '', 'toString', '__proto__']) {
      expect(isStateCode(code)).toBe(false);
    }
    expect(isStateCode(27)).toBe(false);
  });
});

describe('GSTIN', () => {
  it('computes the check character of the samples', () => {
    for (const { gstin } of SAMPLES) expect(gstinCheckChar(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(() => gstinCheckChar('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckChar('27aapfu0939f1z')).toThrow(RangeError);
  });

  it('accepts the samples and derives state and PAN', () => {
    for (const sample of SAMPLES) {
      expect(parseGstin(sample.gstin)).toEqual({ ok: true, ...sample });
    }
  });

  it('accepts lower case and surrounding spaces, and upper-cases', () => {
    expect(parseGstin('  27aapfu0939f1zv\n')).toEqual({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      pan: 'AAPFU0939F',
    });
  });

  it('refuses every other check character', () => {
    for (const { gstin } of SAMPLES) {
      for (const c of CHARS) {
        if (c === gstin[14]) continue;
        expect(parseGstin(gstin.slice(0, 14) + c)).toEqual({ ok: false, problem: 'check_digit' });
      }
    }
  });

  it('catches any single changed character of the body', () => {
    const gstin = '27AAPFU0939F1ZV';
    let tried = 0;
    for (let i = 2; i < 14; i += 1) {
      for (const c of CHARS) {
        if (c === gstin[i]) continue;
        const changed = gstin.slice(0, i) + c + gstin.slice(i + 1);
        const result = parseGstin(changed);
        // A change that breaks the shape is a format problem; any other one the check catches.
        expect(result.ok).toBe(false);
        if (!result.ok && result.problem !== 'format') {
          expect(result.problem).toBe('check_digit');
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
  });

  it('refuses an unknown state code', () => {
    for (const code of ['00', '39', '98']) {
      const first14 = `${code}AAPFU0939F1Z`;
      // With a correct check character, so only the state is wrong.
      expect(parseGstin(first14 + gstinCheckChar(first14))).toEqual({
        ok: false,
        problem: 'state',
      });
    }
  });

  it('refuses bad shapes', () => {
    for (const bad of [
      '',
      '27AAPFU0939F1Z',
      '27AAPFU0939F1ZVX',
      '27AAPFU0939F1Z V',
      '27 AAPFU0939F1ZV',
      'A7AAPFU0939F1ZV',
      '271APFU0939F1ZV',
      '27AAPFUA939F1ZV',
      '27AAPFU09391FZV',
      '27AAPFU0939F0ZV',
      '27AAPFU0939F1-V',
      '27AAPFU0939F1Z-',
      '27ÄAPFU0939F1ZV',
    ]) {
      expect(parseGstin(bad)).toEqual({ ok: false, problem: 'format' });
    }
    // Any alphanumeric 14th character is allowed by the format; the check still applies.
    const first14 = '27AAPFU0939F1A';
    expect(parseGstin(first14 + gstinCheckChar(first14)).ok).toBe(true);
  });
});

describe('rates and codes', () => {
  it('knows the GST rates', () => {
    for (const rate of GST_RATES) expect(isGstRate(rate)).toBe(true);
    expect(isGstRate(0.1)).toBe(true);
    for (const rate of [-5, 2, 0.2, 10, 14, 18.5, 100, Number.NaN])
      expect(isGstRate(rate)).toBe(false);
    expect(isGstRate('18')).toBe(false);
  });

  it('checks HSN and SAC codes', () => {
    for (const code of ['2523', '252329', '25232910', '0101']) expect(isHsnCode(code)).toBe(true);
    for (const code of ['', '252', '25232', '2523291', '252329101', '2523a9', ' 2523']) {
      expect(isHsnCode(code)).toBe(false);
    }
    for (const code of ['995411', '998313', '990000']) expect(isSacCode(code)).toBe(true);
    for (const code of ['9954', '99541', '9954111', '985411', '99541a', '99541 ']) {
      expect(isSacCode(code)).toBe(false);
    }
  });
});

describe('splitGst', () => {
  it('splits within a state and charges IGST across states', () => {
    // ₹1 000.00 at 18 %: ₹90 + ₹90, or ₹180.
    expect(splitGst(100_000, 18, true)).toEqual({ cgst: 9_000, sgst: 9_000, igst: 0 });
    expect(splitGst(100_000, 18, false)).toEqual({ cgst: 0, sgst: 0, igst: 18_000 });
    expect(splitGst(100_000, 0, true)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
  });

  it('rounds each part to the paisa, half away from zero', () => {
    // ₹0.05 at 5 %: 0.125 paise each → 0; across states 0.25 paise → 0.
    expect(splitGst(5, 5, true)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(splitGst(5, 5, false)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    // ₹0.50 at 18 %: 4.5 paise each → 5 (so 10 in all, not the 9 of IGST).
    expect(splitGst(50, 18, true)).toEqual({ cgst: 5, sgst: 5, igst: 0 });
    expect(splitGst(50, 18, false)).toEqual({ cgst: 0, sgst: 0, igst: 9 });
    // ₹123.45 at 28 %: 1 728.3 → 1 728 each; 3 456.6 → 3 457.
    expect(splitGst(12_345, 28, true)).toEqual({ cgst: 1_728, sgst: 1_728, igst: 0 });
    expect(splitGst(12_345, 28, false)).toEqual({ cgst: 0, sgst: 0, igst: 3_457 });
  });

  it('mirrors a return (negative value) exactly', () => {
    // −4.5 → −5, where Math.round would give −4.
    expect(splitGst(-50, 18, true)).toEqual({ cgst: -5, sgst: -5, igst: 0 });
    expect(splitGst(-50, 18, false)).toEqual({ cgst: 0, sgst: 0, igst: -9 });
    expect(splitGst(-100_000, 18, true)).toEqual({ cgst: -9_000, sgst: -9_000, igst: 0 });
    // A zero tax on a return is 0, not −0.
    expect(splitGst(-5, 5, true)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(Object.is(splitGst(-5, 5, true).cgst, 0)).toBe(true);
    expect(Object.is(splitGst(-1, 18, false).igst, 0)).toBe(true);
    for (const taxable of [1, 7, 50, 99, 12_345, 999_999]) {
      for (const rate of GST_RATES) {
        for (const same of [true, false]) {
          const up = splitGst(taxable, rate, same);
          const down = splitGst(-taxable, rate, same);
          expect(down).toEqual({ cgst: -up.cgst + 0, sgst: -up.sgst + 0, igst: -up.igst + 0 });
        }
      }
    }
  });

  it('works out whole bills line by line: mixed rates, round-off and a part return', () => {
    // A bill from a vendor in the site's state: 7 bags × ₹333.33 at 28 % and 13 × ₹61.50 at
    // 18 %, round-off −₹0.37. Each line is split and rounded on its own, then summed.
    const lines = [
      { taxable: 233_331, rate: 28 },
      { taxable: 79_950, rate: 18 },
    ];
    const intra = lines.map((l) => splitGst(l.taxable, l.rate, true));
    expect(intra).toEqual([
      { cgst: 32_666, sgst: 32_666, igst: 0 },
      { cgst: 7_196, sgst: 7_196, igst: 0 },
    ]);
    const tax = intra.reduce((sum, h) => sum + h.cgst + h.sgst + h.igst, 0);
    expect(tax).toBe(79_724);
    expect(233_331 + 79_950 + tax - 37).toBe(392_968); // ₹3 929.68
    // The same bill from another state: one IGST figure per line, ₹0.01 apart from the sum of
    // the halves on the 18 % line (143.91 vs 71.96 + 71.96), which is why lines are not re-split.
    const inter = lines.map((l) => splitGst(l.taxable, l.rate, false));
    expect(inter).toEqual([
      { cgst: 0, sgst: 0, igst: 65_333 },
      { cgst: 0, sgst: 0, igst: 14_391 },
    ]);
    // A return of 3 of 100 kg at ₹61.37 from an 18 % IGST line reverses 33.1398 → ₹33.14.
    expect(splitGst(3 * 6_137, 18, false)).toEqual({ cgst: 0, sgst: 0, igst: 3_314 });
    // and in the register it stands negative, mirroring the bill's rounding.
    expect(splitGst(-3 * 6_137, 18, false).igst).toBe(-3_314);
  });

  it('handles the fractional rates', () => {
    // 0.25 % of ₹2.00 = 0.5 paise → 1 across states; 0.25 paise each → 0 within.
    expect(splitGst(200, 0.25, false)).toEqual({ cgst: 0, sgst: 0, igst: 1 });
    expect(splitGst(200, 0.25, true)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(splitGst(-200, 0.25, false)).toEqual({ cgst: 0, sgst: 0, igst: -1 });
    // 0.25 % of ₹1 000.00 = ₹2.50: ₹1.25 each.
    expect(splitGst(100_000, 0.25, true)).toEqual({ cgst: 125, sgst: 125, igst: 0 });
    // 7.5 % of ₹1.00: 3.75 → 4 each; 7.5 → 8; a return mirrors it.
    expect(splitGst(100, 7.5, true)).toEqual({ cgst: 4, sgst: 4, igst: 0 });
    expect(splitGst(100, 7.5, false)).toEqual({ cgst: 0, sgst: 0, igst: 8 });
    expect(splitGst(-100, 7.5, true)).toEqual({ cgst: -4, sgst: -4, igst: 0 });
    // 7.5 % of ₹123.45: 462.9375 → 463 each; 925.875 → 926.
    expect(splitGst(12_345, 7.5, true)).toEqual({ cgst: 463, sgst: 463, igst: 0 });
    expect(splitGst(12_345, 7.5, false)).toEqual({ cgst: 0, sgst: 0, igst: 926 });
    // 0.1 % of ₹5.00 = 0.5 paise → 1; a rate with float noise (0.1 × 3) reads as 0.3 %.
    expect(splitGst(500, 0.1, false)).toEqual({ cgst: 0, sgst: 0, igst: 1 });
    expect(splitGst(100_000, 0.1 * 3, false)).toEqual({ cgst: 0, sgst: 0, igst: 300 });
  });

  it('keeps every paisa of large values', () => {
    // ₹99 99 99 999.50 (just under ₹1 000 crore) at 18 %: 89 999 999 995.5 → …996 each.
    expect(splitGst(999_999_999_950, 18, true)).toEqual({
      cgst: 89_999_999_996,
      sgst: 89_999_999_996,
      igst: 0,
    });
    expect(splitGst(999_999_999_950, 18, false)).toEqual({
      cgst: 0,
      sgst: 0,
      igst: 179_999_999_991,
    });
    expect(splitGst(-999_999_999_950, 18, true).cgst).toBe(-89_999_999_996);
    // The API's ceiling, ₹1e11, at 40 %: the product 4e17 is past 2^53.
    expect(splitGst(1e13, 40, false)).toEqual({ cgst: 0, sgst: 0, igst: 4e12 });
    // 9 007 199 254 740 991 × 9 / 100 = 810 647 932 926 689.19 → …689.
    expect(splitGst(Number.MAX_SAFE_INTEGER, 18, true).cgst).toBe(810_647_932_926_689);
  });

  it('refuses what it cannot compute exactly', () => {
    expect(() => splitGst(1.5, 18, true)).toThrow(RangeError);
    expect(() => splitGst(Number.NaN, 18, true)).toThrow(RangeError);
    expect(() => splitGst(2 ** 53, 18, true)).toThrow(RangeError);
    expect(() => splitGst(100, 18.005, true)).toThrow(RangeError);
    expect(() => splitGst(100, -1, true)).toThrow(RangeError);
    expect(() => splitGst(100, 101, true)).toThrow(RangeError);
    expect(() => splitGst(100, Number.NaN, true)).toThrow(RangeError);
  });
});

describe('zod helpers', () => {
  function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
    return result.error?.issues.map((issue) => issue.message) ?? [];
  }

  it('validates rates, codes and state codes', () => {
    expect(zGstRate.parse(7.5)).toBe(7.5);
    expect(messages(zGstRate.safeParse(14))).toEqual([
      'GST rate must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40',
    ]);
    expect(zHsnCode.parse(' 25232910 ')).toBe('25232910');
    expect(messages(zHsnCode.safeParse('25232'))).toEqual(['HSN code must have 4, 6 or 8 digits']);
    expect(zSacCode.parse('995411')).toBe('995411');
    expect(messages(zSacCode.safeParse('985411'))).toEqual([
      'SAC code must have 6 digits starting with 99',
    ]);
    expect(zStateCode.parse('27')).toBe('27');
    expect(messages(zStateCode.safeParse('40'))).toEqual(['Unknown GST state code']);
  });
});
