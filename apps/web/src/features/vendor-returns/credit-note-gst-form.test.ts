import { describe, expect, it } from 'vitest';
import { creditNoteSchema } from './credit-note-form';
import { gstBody, typedTotalPaise } from './credit-note-gst-form';

const base = {
  vendor: 'v'.repeat(15),
  issue_date: '2026-04-20',
  expiry_date: '',
  reference: '',
  reason: '',
};

describe('credit note GST in the form (issue 40)', () => {
  it('needs the amount without GST, and not with it', () => {
    expect(creditNoteSchema.safeParse({ ...base }).success).toBe(false);
    expect(creditNoteSchema.safeParse({ ...base, credit_amount: 100 }).success).toBe(true);
    const gst = creditNoteSchema.safeParse({
      ...base,
      with_gst: true,
      taxable_amount: 1000,
      gst_mode: 'rate',
      gst_rate: 18,
    });
    expect(gst.success).toBe(true);
  });

  it('asks for a rate or the heads, never IGST beside CGST/SGST', () => {
    const noRate = creditNoteSchema.safeParse({ ...base, with_gst: true, taxable_amount: 10 });
    expect(noRate.error?.issues.map((i) => i.path.join('.'))).toContain('gst_rate');
    const mixed = creditNoteSchema.safeParse({
      ...base,
      with_gst: true,
      taxable_amount: 10,
      gst_mode: 'heads',
      cgst_amount: 1,
      igst_amount: 2,
    });
    expect(mixed.error?.issues.map((i) => i.path.join('.'))).toContain('igst_amount');
  });

  it('sends the rate or the heads with the original invoice and the supplier’s note', () => {
    expect(
      gstBody({
        with_gst: true,
        taxable_amount: 1000,
        gst_mode: 'rate',
        gst_rate: 18,
        original_invoice: 'delivery:abc',
        supplier_note_number: 'CN/9',
        supplier_note_date: '2026-04-19',
      }),
    ).toEqual({
      taxable_amount: 1000,
      gst_rate: 18,
      original_delivery: 'abc',
      original_booking: null,
      supplier_note_number: 'CN/9',
      supplier_note_date: '2026-04-19',
    });
    const heads = {
      with_gst: true,
      taxable_amount: 500,
      gst_mode: 'heads' as const,
      cgst_amount: 45,
      sgst_amount: 45,
    };
    expect(gstBody(heads)).toMatchObject({
      cgst_amount: 45,
      igst_amount: 0,
      original_delivery: null,
    });
    expect(typedTotalPaise(heads)).toBe(59_000);
    expect(gstBody({ credit_amount: 250, original_invoice: 'booking:xyz' })).toMatchObject({
      credit_amount: 250,
      original_booking: 'xyz',
    });
  });
});
