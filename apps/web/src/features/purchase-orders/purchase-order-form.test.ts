import type { MaterialRequest, Quotation } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { poProgress } from './po-labels';
import {
  poBody,
  poDefaults,
  poFormSchema,
  poLinePaise,
  prefillFromQuotation,
  prefillFromRequest,
} from './purchase-order-form';

const VENDOR = 'vendor000000001';
const ITEM = 'item00000000001';

const request = (items: MaterialRequest['items']): MaterialRequest =>
  ({ id: 'request00000001', items }) as MaterialRequest;

describe('purchase order form', () => {
  it('prefills the request lines still to order and skips covered ones', () => {
    const prefill = prefillFromRequest(
      request([
        {
          id: 'mri000000000001',
          item: ITEM,
          item_name: 'Cement',
          unit: 'bag',
          gst_rate: 28,
          quantity: 100,
          ordered_quantity: 40,
          notes: null,
        },
        {
          id: 'mri000000000002',
          item: ITEM,
          item_name: 'Sand',
          unit: 'cft',
          gst_rate: null,
          quantity: 1.1,
          ordered_quantity: 0.3,
          notes: null,
        },
        {
          id: 'mri000000000003',
          item: ITEM,
          item_name: 'Steel',
          unit: 'kg',
          gst_rate: 18,
          quantity: 50,
          ordered_quantity: 50,
          notes: null,
        },
      ]),
    );
    expect(prefill.requestId).toBe('request00000001');
    // Each line at its item's GST rate, as a line picked by hand (issue 38).
    expect(prefill.lines.map((l) => [l.quantity, l.material_request_item, l.gst_rate])).toEqual([
      [60, 'mri000000000001', 28],
      [0.8, 'mri000000000002', null],
    ]);
  });

  it('validates with the domain schema and builds the body', () => {
    const empty = poFormSchema.safeParse({
      vendor: '',
      order_date: '2026-11-27',
      expected_date: '',
      terms: '',
      notes: '',
      lines: [{ item: '', quantity: undefined, unit_price: undefined, gst_rate: null }],
    });
    expect(empty.success).toBe(false);
    const messages = empty.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['vendor', 'purchaseOrders.validation.vendorRequired']);
    expect(messages).toContainEqual(['lines.0.item', 'purchaseOrders.validation.itemRequired']);

    const parsed = poFormSchema.parse({
      vendor: VENDOR,
      order_date: '2026-11-27',
      expected_date: '',
      terms: ' Delivery at site ',
      notes: '',
      lines: [{ item: ITEM, quantity: 10, unit_price: 380.5, gst_rate: 28, received: 2 }],
    });
    expect(poBody(parsed, 'request00000001')).toEqual({
      vendor: VENDOR,
      material_request: 'request00000001',
      order_date: '2026-11-27',
      expected_date: null,
      terms: 'Delivery at site',
      notes: null,
      lines: [
        { item: ITEM, quantity: 10, unit_price: 380.5, gst_rate: 28, material_request_item: null },
      ],
    });
  });

  it('works out figures in paise and thousandths', () => {
    expect(poLinePaise(3, 61.37)).toBe(18411);
    expect(poLinePaise(undefined, 10)).toBeNull();
    const line = { quantity: 1.1, received_quantity: 0.3 };
    expect(
      poProgress({ lines: [line, { quantity: 0.9, received_quantity: 0.9 }] } as never),
    ).toEqual({
      received: 1.2,
      ordered: 2,
      percent: 60,
    });
  });

  it('prefills an item quotation: its vendor, one line at its rate, the quotation on the body', () => {
    const quotation = {
      id: 'quotation000001',
      vendor: VENDOR,
      quotation_type: 'item',
      item: ITEM,
      service: null,
      unit_price: 412.5,
      minimum_quantity: null,
    } as Quotation;
    const prefill = prefillFromQuotation(quotation);
    const defaults = poDefaults(null, prefill);
    expect(defaults.vendor).toBe(VENDOR);
    expect(defaults.quotation).toBe('quotation000001');
    expect(defaults.material_request).toBeNull();
    expect(defaults.lines.map((l) => [l.item, l.quantity, l.unit_price])).toEqual([
      [ITEM, 1, 412.5],
    ]);
    expect(prefillFromQuotation({ ...quotation, minimum_quantity: 50 })?.lines[0]?.quantity).toBe(
      50,
    );
    expect(
      prefillFromQuotation({ ...quotation, quotation_type: 'service', item: null }),
    ).toBeNull();
    const parsed = poFormSchema.parse({ ...defaults, lines: defaults.lines });
    expect(poBody(parsed, null, 'quotation000001')).toMatchObject({
      vendor: VENDOR,
      quotation: 'quotation000001',
      lines: [{ item: ITEM, quantity: 1, unit_price: 412.5 }],
    });
  });
});
