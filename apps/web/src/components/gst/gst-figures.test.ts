import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { gstinStateOf } from './gst-fields';
import {
  gstRateOptions,
  isItemised,
  previewHeads,
  rateFromSelect,
  rateToSelect,
  stateLabel,
  stateOptions,
  taxByRate,
} from './gst-figures';

// Keys as values, with the rate filled in (what the screens' t() does with en.json).
const t = ((key: string, options?: { rate?: string; defaultValue?: string }) =>
  key === 'gst.rateValue'
    ? `${options?.rate ?? ''} %`
    : (options?.defaultValue ?? key)) as unknown as TFunction;

describe('GST choices', () => {
  it('offers every rate API.md allows, as "18 %", and reads a choice back', () => {
    const options = gstRateOptions(t);
    expect(options.map((option) => option.value)).toEqual([
      '0',
      '0.1',
      '0.25',
      '1',
      '1.5',
      '3',
      '5',
      '6',
      '7.5',
      '12',
      '18',
      '28',
      '40',
    ]);
    expect(options.find((option) => option.value === '18')?.label).toBe('18 %');
    expect(rateFromSelect('')).toBeNull();
    expect(rateFromSelect('0')).toBe(0);
    expect(rateFromSelect('7.5')).toBe(7.5);
    expect(rateToSelect(null)).toBe('');
    expect(rateToSelect(0)).toBe('0');
  });

  it('names states by code and name; a GSTIN names its state', () => {
    expect(stateLabel(t, '27')).toBe('27 · Maharashtra');
    expect(stateOptions(t)).toHaveLength(40);
    // By name, not by code (01–09 used to come last).
    const names = stateOptions(t).map((option) => option.label.split(' · ')[1]!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names[0]).toBe('Andaman and Nicobar Islands');
    expect(gstinStateOf('29aagcb7383j1z4')).toBe('29');
    expect(gstinStateOf('29AAGCB7383J1Z5')).toBeNull(); // wrong check character
    expect(gstinStateOf('')).toBeNull();
  });
});

describe('tax by rate', () => {
  it('adds lines per rate, rates ascending and "no GST" last, with the totals', () => {
    const { rows, totals } = taxByRate([
      { taxable: 10_000, rate: 28, cgst: 1_400, sgst: 1_400, igst: 0 },
      { taxable: 5_000, rate: null, cgst: 0, sgst: 0, igst: 0 },
      { taxable: 20_000, rate: 5, cgst: 500, sgst: 500, igst: 0 },
      { taxable: 1_000, rate: 28, cgst: 140, sgst: 140, igst: 0 },
    ]);
    expect(rows.map((row) => [row.rate, row.taxable, row.cgst])).toEqual([
      [5, 20_000, 500],
      [28, 11_000, 1_540],
      [null, 5_000, 0],
    ]);
    expect(totals).toMatchObject({ taxable: 36_000, cgst: 2_040, sgst: 2_040, igst: 0 });
  });

  it('has no table for a bill without rates', () => {
    expect(taxByRate([{ taxable: 5_000, rate: null, cgst: 0, sgst: 0, igst: 0 }]).rows).toEqual([]);
  });

  it('previews nothing without a rate, at 0 %, or while the split is unknown', () => {
    expect(previewHeads(10_000, null, true)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(previewHeads(10_000, 0, false)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(previewHeads(10_000, 18, null)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(previewHeads(10_000, 18, false)).toEqual({ cgst: 0, sgst: 0, igst: 1_800 });
    expect(previewHeads(10_001, 18, true)).toEqual({ cgst: 900, sgst: 900, igst: 0 });
  });

  it('calls a bill itemised when any line has a rate, 0 % included', () => {
    expect(isItemised([{ gst_rate: null }, { gst_rate: undefined }])).toBe(false);
    expect(isItemised([{ gst_rate: null }, { gst_rate: 0 }])).toBe(true);
  });
});
