import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  createDeliverySchema,
  headerSchema,
  itemsPaise,
  linePaise,
  roundOffToRupee,
  validationErrors,
  type CreateDeliveryValues,
} from './delivery-form';
import { deliveryDefaults } from './queued-delivery';
import { deliveryBody } from './use-delivery-wizard';
import { gstPreview } from './use-gst-preview';
import type { QueueEntry } from '../../lib/offline-queue';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const noInvoice = { supplier_invoice_number: '', supplier_invoice_date: '', place_of_supply: '' };

describe('delivery form arithmetic (paise, never rupee floats)', () => {
  it('rounds a line total to the paisa once', () => {
    expect(linePaise(1520.755, 68.4)).toBe(10_401_964); // ₹1,04,019.642 → ₹1,04,019.64
    expect(linePaise(125.5, 385.5)).toBe(4_838_025);
    expect(linePaise(0.1, 0.3)).toBe(3);
    expect(linePaise(undefined, 10)).toBeNull();
    expect(linePaise(2, Number.NaN)).toBeNull();
  });

  it('adds the lines being typed, and rounds to the nearest rupee', () => {
    const lines = [
      { quantity: 125.5, unit_price: 385.5 },
      { quantity: 2.75, unit_price: 6400 },
      { quantity: undefined, unit_price: 12 },
    ];
    expect(itemsPaise(lines)).toBe(4_838_025 + 1_760_000);
    expect(roundOffToRupee(17_125_019)).toBe(-19);
    expect(roundOffToRupee(17_124_989)).toBe(11);
    expect(roundOffToRupee(100)).toBe(0);
  });

  it('checks a delivery: vendor, lines, totals; round-off may be negative', () => {
    const base = {
      vendor: 'v',
      delivery_date: '2025-06-02',
      delivery_reference: '',
      ...noInvoice,
      notes: '',
      lines: [{ item: 'i', quantity: 2, unit_price: 10, notes: '' }],
    };
    expect(createDeliverySchema.safeParse({ ...base, round_off: -0.49 }).success).toBe(true);
    expect(message(createDeliverySchema.safeParse({ ...base, vendor: '' }))).toBe(
      'deliveries.validation.vendorRequired',
    );
    expect(message(createDeliverySchema.safeParse({ ...base, lines: [] }))).toBe(
      'deliveries.validation.atLeastOneLine',
    );
    expect(message(createDeliverySchema.safeParse({ ...base, round_off: -20 }))).toBe(
      'deliveries.validation.totalPositive',
    );
    expect(
      message(
        createDeliverySchema.safeParse({
          ...base,
          lines: [{ item: 'i', quantity: 0.001, unit_price: 1, notes: '' }],
        }),
      ),
    ).toBe('deliveries.validation.lineTotalZero');
  });

  it("takes the domain's text limits: a reference over 200, a line note over 2000", () => {
    const base = {
      vendor: 'v',
      delivery_date: '2025-06-02',
      delivery_reference: ' INV-7 ',
      ...noInvoice,
      notes: '',
      lines: [{ item: 'i', quantity: 2, unit_price: 10, notes: '' }],
    };
    const parsed = createDeliverySchema.safeParse(base);
    expect(parsed.success && parsed.data.delivery_reference).toBe('INV-7');
    const long = createDeliverySchema.safeParse({
      ...base,
      delivery_reference: 'r'.repeat(201),
      lines: [{ item: 'i', quantity: 2, unit_price: 10, notes: 'n'.repeat(2001) }],
    });
    expect(long.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['delivery_reference', 'validation.tooLong'],
      ['lines.0.notes', 'validation.tooLong'],
    ]);
  });

  it('puts server field errors of lines under the form lines', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Please check your input', {
      vendor: { code: 'invalid_reference', message: 'Unknown vendor' },
      'delivery_items.1.item': { code: 'invalid_reference', message: 'Unknown item' },
      'delivery_items.0.total_amount': { code: 'too_small', message: 'Too small' },
      'delivery_items.1.gst_rate': { code: 'custom', message: "Set the vendor's state" },
    });
    expect(validationErrors(error)).toEqual([
      ['vendor', 'Unknown vendor'],
      ['lines.1.item', 'Unknown item'],
      ['lines.0.unit_price', 'Too small'],
      ['lines.1.gst_rate', "Set the vendor's state"],
    ]);
    expect(validationErrors(new ApiError(409, 'DELIVERY_HAS_PAYMENTS', 'x'))).toEqual([]);
  });
});

describe('GST on a new bill (API.md "GST")', () => {
  const base = {
    vendor: 'v',
    delivery_date: '2025-06-02',
    delivery_reference: 'CH-1',
    supplier_invoice_number: ' INV/88 ',
    supplier_invoice_date: '2025-06-01',
    place_of_supply: '27',
    notes: '',
    tax_amount: 250,
    round_off: 0.4,
  };
  const lines = [
    { item: 'cement', quantity: 100, unit_price: 385.5, gst_rate: 28, notes: '' },
    { item: 'steel', quantity: 2.5, unit_price: 64_000, gst_rate: 18, notes: '' },
  ];

  it('sends each line’s rate and the invoice, and no tax figure when a line has a rate', () => {
    const values = createDeliverySchema.parse({ ...base, lines }) as CreateDeliveryValues;
    const body = deliveryBody(values);
    expect(body).not.toHaveProperty('tax_amount');
    expect(body).toMatchObject({
      supplier_invoice_number: 'INV/88',
      supplier_invoice_date: '2025-06-01',
      place_of_supply: '27',
      round_off: 0.4,
    });
    expect(body.delivery_items.map((line) => line.gst_rate)).toEqual([28, 18]);
  });

  it('a bill bought outside TDS says so; otherwise the vendor’s section applies (no field)', () => {
    const outside = createDeliverySchema.parse({
      ...base,
      lines,
      outside_tds: true,
    }) as CreateDeliveryValues;
    expect(deliveryBody(outside)).toMatchObject({ tds_section: null });
    const usual = createDeliverySchema.parse({ ...base, lines }) as CreateDeliveryValues;
    expect(deliveryBody(usual)).not.toHaveProperty('tds_section');
  });

  it('keeps the single tax figure when no line has a rate (null: no GST)', () => {
    const plain = lines.map((line) => ({ ...line, gst_rate: null }));
    const values = createDeliverySchema.parse({
      ...base,
      ...noInvoice,
      lines: plain,
    }) as CreateDeliveryValues;
    const body = deliveryBody(values);
    expect(body).toMatchObject({
      tax_amount: 250,
      supplier_invoice_number: null,
      supplier_invoice_date: null,
      place_of_supply: null,
    });
    expect(body.delivery_items.map((line) => line.gst_rate)).toEqual([null, null]);
  });

  it('refuses a rate GST does not have, an unknown state and a bad invoice date', () => {
    const result = createDeliverySchema.safeParse({
      ...base,
      place_of_supply: '42',
      supplier_invoice_date: '2025-13-01',
      lines: [{ ...lines[0], gst_rate: 13 }],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'lines.0.gst_rate',
      'place_of_supply',
      'supplier_invoice_date',
    ]);
  });

  it('checks an itemised bill’s total without the typed tax', () => {
    const oneRupee = [{ item: 'i', quantity: 1, unit_price: 1, gst_rate: 18, notes: '' }];
    // ₹1 of goods, −₹1 round-off: a typed tax would not count on a bill with rates.
    expect(
      createDeliverySchema.safeParse({ ...base, tax_amount: 5, round_off: -1, lines: oneRupee })
        .success,
    ).toBe(false);
    expect(
      headerSchema(100, true).safeParse({ ...base, tax_amount: 5, round_off: -1 }).success,
    ).toBe(false);
    expect(
      headerSchema(100, false).safeParse({ ...base, tax_amount: 5, round_off: -1 }).success,
    ).toBe(true);
  });

  it('previews IGST per rate for a vendor from another state, to the paisa', () => {
    const vendor = { state_code: '29', registration_type: 'regular' as const };
    const preview = gstPreview(vendor, '27', [
      { taxable: 3_855_000, gst_rate: 28 }, // ₹38,550 → ₹10,794.00
      { taxable: 16_000_000, gst_rate: 18 }, // ₹1,60,000 → ₹28,800.00
      { taxable: 12_345, gst_rate: 18 }, // ₹123.45 → ₹22.221 → ₹22.22
      { taxable: 5_000, gst_rate: null },
    ]);
    expect(preview.itemised).toBe(true);
    expect(preview.sameState).toBe(false);
    expect(preview.rows).toEqual([
      { rate: 18, taxable: 16_012_345, cgst: 0, sgst: 0, igst: 2_880_000 + 2_222 },
      { rate: 28, taxable: 3_855_000, cgst: 0, sgst: 0, igst: 1_079_400 },
      { rate: null, taxable: 5_000, cgst: 0, sgst: 0, igst: 0 },
    ]);
    expect(preview.tax).toBe(2_882_222 + 1_079_400);
    expect(preview.problem).toBeNull();
  });

  it('previews CGST + SGST within the state, halves rounded per line', () => {
    const vendor = { state_code: '27', registration_type: 'regular' as const };
    // ₹123.45 at 5 %: 2.5 % each = ₹3.08625 → ₹3.09 (half away from zero).
    const preview = gstPreview(vendor, '27', [{ taxable: 12_345, gst_rate: 5 }]);
    expect(preview.totals).toMatchObject({ cgst: 309, sgst: 309, igst: 0 });
    expect(preview.tax).toBe(618);
  });

  it('says why a rate cannot be charged: vendor not regular, no state, no place', () => {
    const line = [{ taxable: 10_000, gst_rate: 18 }];
    expect(
      gstPreview({ state_code: '29', registration_type: 'composition' }, '27', line).problem,
    ).toBe('vendor-not-regular');
    expect(gstPreview({ state_code: null, registration_type: 'regular' }, '27', line).problem).toBe(
      'vendor-no-state',
    );
    const noPlace = gstPreview({ state_code: '29', registration_type: 'regular' }, null, line);
    expect(noPlace.problem).toBe('no-place');
    expect(noPlace.tax).toBe(0);
    // 0 % and "no GST" need nothing.
    expect(
      gstPreview({ state_code: null, registration_type: 'unregistered' }, null, [
        { taxable: 10_000, gst_rate: 0 },
      ]).problem,
    ).toBeNull();
  });

  it('restores a queued bill with its rates, invoice and place', () => {
    const entry = {
      body: {
        vendor: 'v',
        delivery_date: '2025-06-02',
        supplier_invoice_number: 'INV/88',
        supplier_invoice_date: '2025-06-01',
        place_of_supply: '27',
        delivery_items: [
          { item: 'a', quantity: 1, unit_price: 10, gst_rate: 18 },
          { item: 'b', quantity: 1, unit_price: 10, gst_rate: null },
        ],
      },
    } as unknown as QueueEntry;
    const restored = deliveryDefaults(entry);
    expect(restored).toMatchObject({
      supplier_invoice_number: 'INV/88',
      supplier_invoice_date: '2025-06-01',
      place_of_supply: '27',
    });
    expect(restored.lines.map((line) => line.gst_rate)).toEqual([18, null]);
  });
});
