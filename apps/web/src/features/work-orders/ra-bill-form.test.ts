import type { RaBill, WorkOrder } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import {
  queuedOrderOf,
  raBody,
  raDefaults,
  raFormSchema,
  raPreview,
  raQueuedValues,
} from './ra-bill-form';
import { queueEntry } from '../../lib/queue-entry-fixture';

const LINE = 'wol000000000001';
const LINE2 = 'wol000000000002';

/** 1,000 sqm at ₹1,000 and 50 nos at ₹2,000; retention 5 %, advance ₹1,00,000 recovered at 10 %. */
const order = (over: Partial<WorkOrder> = {}): WorkOrder =>
  ({
    id: 'wo0000000000001',
    vendor: 'vendor000000001',
    number: 'WO/2026-27/0001',
    title: 'Plaster',
    status: 'issued',
    retention_percent: 5,
    advance_amount: 100_000,
    advance_recovery_percent: 10,
    advance_paid: 100_000,
    advance_recovered: 0,
    gst_rate: 18,
    place_of_supply: null,
    tds_section: '194C',
    lines: [
      {
        id: LINE,
        description: 'Plaster',
        unit: 'sqm',
        quantity: 1000,
        rate: 1000,
        amount: 1e6,
        billed_quantity: 0,
      },
      {
        id: LINE2,
        description: 'Doors',
        unit: 'nos',
        quantity: 50,
        rate: 2000,
        amount: 1e5,
        billed_quantity: 0,
      },
    ],
    ...over,
  }) as WorkOrder;

const context = (over: Partial<WorkOrder> = {}, bill: RaBill | null = null) => ({
  order: order(over),
  bill,
  tdsRate: 1,
  sameState: true,
});

describe('RA bill preview', () => {
  it('works out the waterfall as the supervisor types: gross → GST → retention → recovery → TDS → net', () => {
    const preview = raPreview(context(), [{ cumulative_quantity: 400 }, {}], false);
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    const f = preview.figures;
    expect(f.gross_amount).toBe(400_000_00);
    expect(f.cgst_amount + f.sgst_amount).toBe(72_000_00);
    expect(f.igst_amount).toBe(0);
    expect(f.retention_amount).toBe(20_000_00);
    expect(f.advance_recovery).toBe(40_000_00);
    // TDS on the gross less the advance recovered (taxed when the advance was paid).
    expect(f.tds_base).toBe(360_000_00);
    expect(f.tds_amount).toBe(3_600_00);
    expect(f.net_payable).toBe(408_400_00);
  });

  it('recovers all the advance left on a final bill, and IGST from another state', () => {
    const preview = raPreview(
      { ...context({ advance_recovered: 40_000 }), sameState: false },
      [{ cumulative_quantity: 100 }, { cumulative_quantity: 0 }],
      true,
    );
    expect(preview.ok && preview.figures.advance_recovery).toBe(60_000_00);
    expect(preview.ok && preview.figures.igst_amount).toBe(18_000_00);
  });

  it('names the line measured above the order or below what was billed', () => {
    expect(raPreview(context(), [{ cumulative_quantity: 1001 }], false)).toEqual({
      ok: false,
      line: 0,
      code: 'above_ordered',
    });
    const billed = order().lines.map((line) => ({ ...line, billed_quantity: 10 }));
    expect(raPreview(context({ lines: billed }), [{}, { cumulative_quantity: 5 }], false)).toEqual({
      ok: false,
      line: 1,
      code: 'below_previous',
    });
  });

  it('edits the latest bill against what stood before it', () => {
    const billed = order().lines.map((line, i) => ({
      ...line,
      billed_quantity: i === 0 ? 400 : 0,
    }));
    const bill = {
      id: 'ra0000000000001',
      advance_recovery: 40_000,
      bill_date: '2026-05-10',
      final: false,
      supplier_invoice_number: null,
      lines: [{ work_order_line: LINE, previous_quantity: 0, cumulative_quantity: 400 }],
    } as RaBill;
    const ctx = context({ lines: billed, advance_recovered: 40_000 }, bill);
    expect(raDefaults(ctx.order, bill).lines[0]?.cumulative_quantity).toBe(400);
    const preview = raPreview(ctx, [{ cumulative_quantity: 300 }, {}], false);
    // 300 is below the bill's own 400 but not below what stood before it (0).
    expect(preview.ok && preview.figures.gross_amount).toBe(300_000_00);
    expect(preview.ok && preview.figures.advance_recovery).toBe(30_000_00);
  });

  it('sends every line with its cumulative quantity', () => {
    const values = raFormSchema.parse({
      ...raDefaults(order(), null),
      bill_date: '2026-05-10',
      lines: [
        { work_order_line: LINE, cumulative_quantity: 400 },
        { work_order_line: LINE2, cumulative_quantity: 0 },
      ],
    });
    expect(raBody(order(), values)).toEqual({
      work_order: 'wo0000000000001',
      bill_date: '2026-05-10',
      supplier_invoice_number: null,
      final: false,
      lines: [
        { work_order_line: LINE, cumulative_quantity: 400 },
        { work_order_line: LINE2, cumulative_quantity: 0 },
      ],
    });
  });
});

describe('a queued RA bill', () => {
  const entry = (body: unknown) =>
    queueEntry({ collection: 'ra_bills', body, status: 'failed', attempts: 1 });

  it('names its work order and fills the form back from its body', () => {
    const body = raBody(order(), {
      bill_date: '2026-11-28',
      supplier_invoice_number: 'SSC/14',
      final: true,
      lines: [{ work_order_line: LINE, cumulative_quantity: 412.5 }],
    } as never);
    const queued = entry(body);
    expect(queuedOrderOf(queued)).toBe('wo0000000000001');
    // A line the body lacks starts where the order stands.
    expect(raQueuedValues(order(), queued)).toEqual({
      bill_date: '2026-11-28',
      supplier_invoice_number: 'SSC/14',
      final: true,
      lines: [
        { work_order_line: LINE, cumulative_quantity: 412.5 },
        { work_order_line: LINE2, cumulative_quantity: 0 },
      ],
    });
    expect(queuedOrderOf(entry(null))).toBe('');
  });
});
