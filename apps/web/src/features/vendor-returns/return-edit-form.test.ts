import type { DeliveryItem, Returnable, VendorReturn } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  editBody,
  editDraftFor,
  editGstPaise,
  editServerErrors,
  editTotalPaise,
  maxForLine,
  validateEdit,
  type ReturnEditDraft,
} from './return-edit-form';

const record = (status: VendorReturn['status'] = 'approved'): VendorReturn => ({
  id: 'r',
  site: 's',
  vendor: 'v',
  return_date: '2026-11-21',
  reason: 'damaged',
  status,
  notes: null,
  photos: [],
  approval_notes: null,
  approved_by: null,
  approved_at: null,
  total_return_amount: 862.5,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 0,
  actual_refund_amount: null,
  refund_type: null,
  completion_date: null,
  supplier_credit_note_number: null,
  supplier_credit_note_date: null,
  items: [
    {
      id: 'la',
      site: 's',
      vendor_return: 'r',
      delivery_item: 'da',
      quantity_returned: 2,
      return_rate: 412.5,
      return_amount: 825,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 0,
      condition: 'damaged',
      item_notes: null,
      created: '',
      updated: '',
    },
    {
      id: 'lb',
      site: 's',
      vendor_return: 'r',
      delivery_item: 'db',
      quantity_returned: 1,
      return_rate: 37.5,
      return_amount: 37.5,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 0,
      condition: 'opened',
      item_notes: 'Seal broken',
      created: '',
      updated: '',
    },
  ],
  created: '',
  updated: '',
});

// Line a: 10 delivered, 5 returned of which this return's own 2; line b: 4 delivered, 1 (its own).
const returnables = new Map<string, Returnable>([
  ['da', { delivery_item: 'da', delivered: 10, returned: 5, available: 5 }],
  ['db', { delivery_item: 'db', delivered: 4, returned: 1, available: 3 }],
]);

function draft(patch: (d: ReturnEditDraft) => void = () => undefined): ReturnEditDraft {
  const d = editDraftFor(record());
  patch(d);
  return d;
}

describe('correcting a return before a refund', () => {
  it('starts from the return as saved and sends nothing when nothing changed', () => {
    const d = draft();
    expect(d.lines.map((l) => [l.id, l.quantity, l.rate, l.condition, l.notes])).toEqual([
      ['la', '2', '412.5', 'damaged', ''],
      ['lb', '1', '37.5', 'opened', 'Seal broken'],
    ]);
    expect(editBody(d, record())).toEqual({});
    expect(editTotalPaise(d)).toBe(86_250);
  });

  it("allows up to delivered − other returns: the return's own quantity is freed while it counts", () => {
    expect(maxForLine(returnables.get('da')!, 2, 'approved')).toBe(7);
    expect(maxForLine(returnables.get('da')!, 2, 'completed')).toBe(7);
    // An initiated return does not count yet, so its own quantity is not in "returned".
    expect(maxForLine(returnables.get('da')!, 2, 'initiated')).toBe(5);
    expect(
      validateEdit(
        draft((d) => (d.lines[0]!.quantity = '7')),
        record(),
        returnables,
      ),
    ).toEqual({});
    expect(
      validateEdit(
        draft((d) => (d.lines[0]!.quantity = '7.001')),
        record(),
        returnables,
      ),
    ).toEqual({
      'line.la.quantity': {
        key: 'vendorReturns.validation.quantityExceeded',
        values: { available: 7, returned: 3 },
      },
    });
  });

  it('checks quantities, rates and the date; a line whose quantities are not known yet is not judged', () => {
    const errors = validateEdit(
      draft((d) => {
        d.returnDate = '';
        d.lines[0]!.quantity = '0';
        d.lines[1]!.rate = '-1';
      }),
      record(),
      new Map(),
    );
    expect(errors).toEqual({
      returnDate: 'kit.validation.date',
      'line.la.quantity': 'kit.validation.positive',
      'line.lb.rate': 'kit.validation.notNegative',
    });
    expect(editTotalPaise(draft((d) => (d.lines[0]!.quantity = 'x')))).toBeNull();
  });

  it('sends only the changed header fields and lines, by line id', () => {
    const d = draft((x) => {
      x.notes = '  Recounted ';
      x.lines[1]!.quantity = '3.333';
      x.lines[1]!.rate = '37.55';
      x.lines[1]!.notes = '';
    });
    expect(editBody(d, record())).toEqual({
      notes: 'Recounted',
      items: [{ id: 'lb', quantity_returned: 3.333, return_rate: 37.55, item_notes: null }],
    });
    // 2 × 412.50 + round(3.333 × 37.55 = 125.154…) = 825 + 125.15
    expect(editTotalPaise(d)).toBe(95_015);
    const header = draft((x) => {
      x.reason = 'quality_issue';
      x.lines[0]!.condition = 'used';
    });
    expect(editBody(header, record())).toEqual({
      reason: 'quality_issue',
      items: [{ id: 'la', condition: 'used' }],
    });
  });

  it("previews the GST the corrected lines reverse, at each delivery line's rate and split", () => {
    const deliveryLine = (id: string, rate: number | null, igst: boolean): DeliveryItem => ({
      id,
      site: 's',
      delivery: 'd',
      item: 'i',
      quantity: 10,
      unit_price: 1,
      total_amount: 10,
      gst_rate: rate,
      cgst_amount: igst ? 0 : 0.9,
      sgst_amount: igst ? 0 : 0.9,
      igst_amount: igst ? 1.8 : 0,
      purchase_order_line: null,
      notes: null,
      created: '',
      updated: '',
    });
    const base = record();
    const withGst: VendorReturn = {
      ...base,
      items: [
        { ...base.items[0]!, expand: { delivery_item: deliveryLine('da', 18, true) } },
        { ...base.items[1]!, expand: { delivery_item: deliveryLine('db', 18, false) } },
      ],
    };
    const d = draft((x) => {
      x.lines[0]!.quantity = '3';
      x.lines[0]!.rate = '61.37';
      x.lines[1]!.quantity = '1';
      x.lines[1]!.rate = '99.99';
    });
    // IGST on 3 × 61.37 = 184.11 → 33.14; CGST + SGST on 99.99 → 9.00 + 9.00.
    expect(editTotalPaise(d)).toBe(18_411 + 9_999);
    expect(editGstPaise(d, withGst)).toEqual({ cgst: 900, sgst: 900, igst: 3_314 });
    // Lines without a rate (or without the delivery line) reverse nothing.
    expect(editGstPaise(d, record())).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(
      editGstPaise(
        draft((x) => (x.lines[1]!.rate = '')),
        withGst,
      ),
    ).toBeNull();
  });

  it("puts the server's refusals under the line they name", () => {
    const body = { items: [{ id: 'lb', quantity_returned: 9 }] };
    const exceeded = new ApiError(400, 'RETURN_QUANTITY_EXCEEDED', 'Only 3 units available', {
      field: 'items.0.quantity_returned',
    });
    expect(editServerErrors(exceeded, body)).toEqual({
      'line.lb.quantity': { text: 'Only 3 units available' },
    });
    const invalid = new ApiError(400, 'VALIDATION_FAILED', 'Check', {
      'items.0.return_rate': { code: 'too_big', message: 'Too large' },
      return_date: { code: 'invalid_date', message: 'After completion' },
    });
    expect(editServerErrors(invalid, body)).toEqual({
      'line.lb.rate': { text: 'Too large' },
      returnDate: { text: 'After completion' },
    });
    expect(editServerErrors(new ApiError(409, 'RETURN_REFUNDED', 'Refunded'), body)).toBeNull();
    expect(editServerErrors(new Error('x'), body)).toBeNull();
  });
});
