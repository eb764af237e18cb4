/**
 * Issue 38 over HTTP on a real server and database: a material request's lines carry their item's
 * GST rate (a purchase order raised from it starts with them), a rejected request can be changed
 * and sent again, and a delivery line picked by item and linked to the open PO line receives it
 * as a delivery made from the PO does.
 */
import { gstinCheckChar } from '@siteledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let siteId: string;
let vendor: string;
let cement: string;
let sand: string;

interface MaterialRequest {
  id: string;
  status: string;
  decided_by: string | null;
  decision_notes: string | null;
  items: { id: string; item: string; quantity: number; gst_rate: number | null }[];
}
interface PurchaseOrder {
  id: string;
  status: string;
  lines: { id: string; gst_rate: number | null; pending_quantity: number }[];
}

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown, token = owner.token): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  // A GST-registered vendor in the site's state: its lines may carry GST.
  await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
    token: owner.token,
    body: { state_code: '27' },
  });
  const gstin = '27AABCS1429B1Z';
  vendor = (
    await ok<{ id: string }>('POST', '/vendors', {
      name: 'Shree Cement Traders',
      gstin: gstin + gstinCheckChar(gstin),
    })
  ).id;
  cement = (
    await ok<{ id: string }>('POST', '/items', { name: 'Cement', unit: 'bag', gst_rate: 28 })
  ).id;
  sand = (await ok<{ id: string }>('POST', '/items', { name: 'River sand', unit: 'cft' })).id;
});

afterAll(async () => {
  await server?.close();
});

describe('a purchase order from a material request', () => {
  it("reads each line with its item's GST rate, which the order's lines then carry", async () => {
    const request = await ok<MaterialRequest>('POST', '/material_requests', {
      items: [
        { item: cement, quantity: 100 },
        { item: sand, quantity: 400 },
      ],
      submit: true,
    });
    expect(request.items.map((line) => line.gst_rate)).toEqual([28, null]);
    const read = await ok<MaterialRequest>('GET', `/material_requests/${request.id}`);
    expect(read.items.map((line) => line.gst_rate)).toEqual([28, null]);

    const order = await ok<PurchaseOrder>('POST', '/purchase_orders', {
      vendor,
      material_request: request.id,
      lines: request.items.map((line) => ({
        item: line.item,
        quantity: line.quantity,
        unit_price: 50,
        gst_rate: line.gst_rate,
        material_request_item: line.id,
      })),
    });
    expect(order.lines.map((line) => line.gst_rate)).toEqual([28, null]);
  });
});

describe('a rejected material request', () => {
  it('is changed by its requester and sent again, waiting for a new decision', async () => {
    const request = await ok<MaterialRequest>(
      'POST',
      '/material_requests',
      { items: [{ item: cement, quantity: 500 }], submit: true },
      supervisor.token,
    );
    await ok('POST', `/material_requests/${request.id}/reject`, { notes: 'Too much: 300' });
    const changed = await ok<MaterialRequest>(
      'PATCH',
      `/material_requests/${request.id}`,
      { items: [{ item: cement, quantity: 300 }], notes: 'Cut to 300' },
      supervisor.token,
    );
    expect(changed).toMatchObject({ status: 'rejected', items: [{ quantity: 300 }] });
    const again = await ok<MaterialRequest>(
      'POST',
      `/material_requests/${request.id}/submit`,
      undefined,
      supervisor.token,
    );
    expect(again).toMatchObject({ status: 'submitted', decided_by: null, decision_notes: null });
    const approved = await ok<MaterialRequest>(
      'POST',
      `/material_requests/${request.id}/approve`,
      {},
    );
    expect(approved.status).toBe('approved');
    // Once decided for, it no longer changes.
    const refused = await call<{ code: string }>(
      server.url,
      'PATCH',
      url(`/material_requests/${request.id}`),
      { token: supervisor.token, body: { notes: 'x' } },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_STATUS');
  });
});

describe('a delivery line picked by item and linked to the open PO line', () => {
  it('receives the order as a delivery made from it does', async () => {
    const draft = await ok<PurchaseOrder>('POST', '/purchase_orders', {
      vendor,
      lines: [{ item: cement, quantity: 40, unit_price: 400 }],
    });
    const order = await ok<PurchaseOrder>('POST', `/purchase_orders/${draft.id}/issue`);
    await ok('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [
        { item: cement, quantity: 40, unit_price: 400, purchase_order_line: order.lines[0]!.id },
      ],
    });
    const received = await ok<PurchaseOrder>('GET', `/purchase_orders/${order.id}`);
    expect(received.status).toBe('received');
    expect(received.lines[0]!.pending_quantity).toBe(0);
    const pending = await ok<{ items: { id: string }[] }>(
      'GET',
      '/purchase_orders?status=issued,partially_received',
    );
    expect(pending.items.map((po) => po.id)).not.toContain(order.id);
  });
});

describe("a purchase order's PDF", () => {
  it('opens in the browser with inline=1 and is saved without it', async () => {
    const draft = await ok<PurchaseOrder>('POST', '/purchase_orders', {
      vendor,
      lines: [{ item: sand, quantity: 10, unit_price: 60 }],
    });
    const path = url(`/purchase_orders/${draft.id}/pdf`);
    const opened = await call(server.url, 'GET', `${path}?inline=1`, { token: owner.token });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toContain('application/pdf');
    expect(opened.headers.get('content-disposition')).toMatch(/^inline; filename="/);
    const saved = await call(server.url, 'GET', path, { token: owner.token });
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    const bad = await call(server.url, 'GET', `${path}?inline=yes`, { token: owner.token });
    expect(bad.status).toBe(400);
  });
});

describe('the purchase register as CSV', () => {
  it('starts with its header row', async () => {
    await ok('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-21',
      supplier_invoice_number: 'ST/77',
      delivery_items: [{ item: cement, quantity: 5, unit_price: 400 }],
    });
    const res = await call<string>(
      server.url,
      'GET',
      url('/reports/purchase-register?from=2026-11-01&to=2026-11-30&format=csv'),
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Date,Type,Vendor,Vendor GSTIN,Supplier invoice no.,Invoice date,GST rate,Taxable value,CGST,SGST,IGST,Other tax,Invoice value',
    );
    expect(lines[1]).toMatch(/^2026-11-2\d,Delivery,Shree Cement Traders,/);
  });
});
