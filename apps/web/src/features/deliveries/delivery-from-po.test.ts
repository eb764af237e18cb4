import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createDeliverySchema, emptyLine, type CreateDeliveryValues } from './delivery-form';
import {
  differingPoRate,
  isPoRefusal,
  linesFromPo,
  poErrorField,
  withPoLines,
} from './delivery-from-po';
import { deliveryBody } from './use-delivery-wizard';

const poLine = (id: string, quantity: number, received: number, unitPrice = 400) => ({
  id,
  item: `item-${id}`,
  quantity,
  unit_price: unitPrice,
  gst_rate: 18,
  received_quantity: received,
  pending_quantity: Math.max(0, quantity - received),
});
const po = {
  number: 'PO/2026-27/0001',
  lines: [poLine('a', 100, 40), poLine('b', 10, 10), poLine('c', 5, 0, 250.5)],
};

describe('delivery from a purchase order', () => {
  it('makes one line per PO line still pending, at the PO rate and GST rate', () => {
    const lines = linesFromPo(po);
    expect(lines.map((line) => [line.item, line.quantity, line.unit_price, line.gst_rate])).toEqual(
      [
        ['item-a', 60, 400, 18],
        ['item-c', 5, 250.5, 18],
      ],
    );
    expect(lines[0]?.po).toEqual({
      line: 'a',
      item: 'item-a',
      number: 'PO/2026-27/0001',
      ordered: 100,
      pending: 60,
      unit_price: 400,
    });
  });

  it('sends purchase_order_line only on lines received against a PO', () => {
    const values = createDeliverySchema.parse({
      vendor: 'v1',
      delivery_date: '2026-05-02',
      delivery_reference: '',
      supplier_invoice_number: '',
      supplier_invoice_date: '',
      place_of_supply: '',
      notes: '',
      lines: [...linesFromPo(po), { ...emptyLine(), item: 'i9', quantity: 1, unit_price: 10 }],
    }) as CreateDeliveryValues;
    const body = deliveryBody(values);
    expect(body.delivery_items.map((line) => line.purchase_order_line)).toEqual([
      'a',
      'c',
      undefined,
    ]);
    expect(body.delivery_items[2]).not.toHaveProperty('purchase_order_line');
  });

  it('replaces blank lines, keeps typed ones and does not add a PO line twice', () => {
    const typed = { ...emptyLine(), item: 'i9', quantity: 2, unit_price: 5 };
    expect(withPoLines([emptyLine()], linesFromPo(po)).map((l) => l.item)).toEqual([
      'item-a',
      'item-c',
    ]);
    const once = withPoLines([typed], linesFromPo(po));
    expect(once.map((l) => l.item)).toEqual(['i9', 'item-a', 'item-c']);
    expect(withPoLines(once, linesFromPo(po))).toHaveLength(3);
  });

  it('warns when the typed rate differs from the PO rate', () => {
    const [line] = linesFromPo(po);
    expect(differingPoRate(line)).toBeNull();
    expect(differingPoRate({ ...line, unit_price: 410 })).toBe(400);
    expect(differingPoRate({ ...line, unit_price: undefined })).toBeNull();
    expect(differingPoRate({ ...emptyLine(), unit_price: 5 })).toBeNull();
  });

  it('puts PO refusals under the line they concern', () => {
    const lines = [{ ...emptyLine(), item: 'x' }, ...linesFromPo(po)];
    const exceeded = new ApiError(400, 'PO_QUANTITY_EXCEEDED', 'Only 5 were ordered', {
      ordered: 5,
      received: 0,
      requested: 5,
    });
    expect(isPoRefusal(exceeded)).toBe(true);
    expect(poErrorField(exceeded, lines)).toEqual(['lines.2.quantity', 'Only 5 were ordered']);
    const notIssued = new ApiError(400, 'PO_NOT_ISSUED', 'Not issued');
    expect(poErrorField(notIssued, lines)).toEqual(['lines.1.item', 'Not issued']);
    expect(poErrorField(new ApiError(400, 'VALIDATION_FAILED', 'x'), lines)).toBeNull();
  });
});
