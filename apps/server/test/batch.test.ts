import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { insertPayment, insertVendor as insertVendorRow } from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let otherOwner: Registered;
let siteId: string;
let otherSiteId: string;
let vendor: string;
let otherVendor: string;
let cement: string;
let steel: string;
let otherItem: string;

interface Line {
  id: string;
  delivery: string;
  item: string;
  quantity: number;
  unit_price: number;
  total_amount: number;
  notes: string | null;
}
interface Delivery {
  id: string;
  items_total: number;
  total_amount: number;
  paid_amount: number;
  payment_status: string;
  delivery_items: Line[];
}
interface BatchOk {
  responses: { status: number; body: Line | null }[];
}
interface BatchError {
  status: number;
  code: string;
  message: string;
  data: {
    index: number;
    error: { status: number; code: string; message: string; data: Record<string, unknown> };
  };
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;
const lines = (site = siteId) => `/api/sites/${site}/delivery_items`;

const insertVendor = (site: string) => insertVendorRow(server, site);

async function createItem(token: string, site: string, name: string): Promise<string> {
  const res = await call<{ id: string }>(server.url, 'POST', url('/items', site), {
    token,
    body: { name, unit: 'kg' },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function newDelivery(
  lineSpecs: { quantity: number; unit_price: number }[] = [{ quantity: 10, unit_price: 100 }],
  site = siteId,
  token = owner.token,
): Promise<Delivery> {
  const res = await call<Delivery>(server.url, 'POST', url('/deliveries', site), {
    token,
    body: {
      vendor: site === siteId ? vendor : otherVendor,
      delivery_date: '2025-02-01',
      delivery_items: lineSpecs.map((l) => ({ item: site === siteId ? cement : otherItem, ...l })),
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function getDelivery(id: string, site = siteId, token = owner.token): Promise<Delivery> {
  return (await call<Delivery>(server.url, 'GET', url(`/deliveries/${id}`, site), { token })).body;
}

function batch(requests: unknown[], token = owner.token, lang?: string) {
  return call<BatchOk & BatchError>(server.url, 'POST', '/api/batch', {
    token,
    body: { requests },
    ...(lang ? { lang } : {}),
  });
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  otherOwner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  otherSiteId = (await createSite(server.url, otherOwner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  vendor = await insertVendor(siteId);
  otherVendor = await insertVendor(otherSiteId);
  cement = await createItem(owner.token, siteId, 'Cement');
  steel = await createItem(owner.token, siteId, 'Steel');
  otherItem = await createItem(otherOwner.token, otherSiteId, 'Their cement');
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/batch', () => {
  it('creates, updates and deletes lines in one go and recomputes the delivery', async () => {
    const d = await newDelivery([
      { quantity: 10, unit_price: 100 },
      { quantity: 1, unit_price: 50 },
    ]);
    const [first, second] = d.delivery_items;
    const res = await batch([
      {
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: steel, quantity: 2.5, unit_price: 385.5, notes: 'new' },
      },
      {
        method: 'PATCH',
        url: `${lines()}/${first!.id}`,
        body: { quantity: 0.333, unit_price: 10.01 },
      },
      { method: 'DELETE', url: `${lines()}/${second!.id}` },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.responses.map((r) => r.status)).toEqual([201, 200, 204]);
    expect(res.body.responses[0]!.body).toMatchObject({
      delivery: d.id,
      item: steel,
      total_amount: 963.75,
      notes: 'new',
    });
    expect(res.body.responses[1]!.body).toMatchObject({ id: first!.id, total_amount: 3.33 });
    expect(res.body.responses[2]!.body).toBeNull();
    const after = await getDelivery(d.id);
    expect(after.items_total).toBe(967.08);
    expect(after.total_amount).toBe(967.08);
    expect(after.delivery_items.map((l) => l.id)).toEqual([
      first!.id,
      res.body.responses[0]!.body!.id,
    ]);
  });

  it('applies nothing when one request in the middle fails, and names its index', async () => {
    const d = await newDelivery();
    const before = await getDelivery(d.id);
    const res = await batch([
      {
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: cement, quantity: 1, unit_price: 1 },
      },
      { method: 'PATCH', url: `${lines()}/${d.delivery_items[0]!.id}`, body: { quantity: 3 } },
      { method: 'PATCH', url: `${lines()}/${newId()}`, body: { quantity: 3 } },
      {
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: cement, quantity: 1, unit_price: 1 },
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BATCH_FAILED');
    expect(res.body.message).toBe('Batch create/update/delete failed');
    expect(res.body.data.index).toBe(2);
    expect(res.body.data.error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await getDelivery(d.id)).toEqual(before);

    const badBody = await batch([
      {
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: cement, quantity: 1, unit_price: 1 },
      },
      {
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: cement, quantity: 0, unit_price: 1.001 },
      },
    ]);
    expect(badBody.status).toBe(400);
    expect(badBody.body.data.index).toBe(1);
    expect(badBody.body.data.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(badBody.body.data.error.data).sort()).toEqual(['quantity', 'unit_price']);
    expect(await getDelivery(d.id)).toEqual(before);
  });

  it('fails for a site the caller is not a member of, even with a valid first request', async () => {
    const mine = await newDelivery();
    const theirs = await newDelivery(undefined, otherSiteId, otherOwner.token);
    const theirsBefore = await getDelivery(theirs.id, otherSiteId, otherOwner.token);
    const res = await batch([
      {
        method: 'POST',
        url: lines(),
        body: { delivery: mine.id, item: cement, quantity: 1, unit_price: 1 },
      },
      {
        method: 'PATCH',
        url: `${lines(otherSiteId)}/${theirs.delivery_items[0]!.id}`,
        body: { quantity: 99 },
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({
      index: 1,
      error: { status: 403, code: 'ACCESS_DENIED' },
    });
    expect((await getDelivery(mine.id)).delivery_items).toHaveLength(1);
    expect(await getDelivery(theirs.id, otherSiteId, otherOwner.token)).toEqual(theirsBefore);

    // Through the caller's own site URL, another site's delivery, line or item is not there.
    const foreignDelivery = await batch([
      {
        method: 'POST',
        url: lines(),
        body: { delivery: theirs.id, item: cement, quantity: 1, unit_price: 1 },
      },
    ]);
    expect(foreignDelivery.body.data.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(foreignDelivery.body.data.error.data)).toEqual(['delivery']);
    const foreignLine = await batch([
      { method: 'DELETE', url: `${lines()}/${theirs.delivery_items[0]!.id}` },
    ]);
    expect(foreignLine.body.data.error.code).toBe('NOT_FOUND');
    const foreignItem = await batch([
      {
        method: 'POST',
        url: lines(),
        body: { delivery: mine.id, item: otherItem, quantity: 1, unit_price: 1 },
      },
    ]);
    expect(Object.keys(foreignItem.body.data.error.data)).toEqual(['item']);
    expect(await getDelivery(theirs.id, otherSiteId, otherOwner.token)).toEqual(theirsBefore);
  });

  it('checks the role on the site for each kind of change', async () => {
    const d = await newDelivery([
      { quantity: 1, unit_price: 1 },
      { quantity: 2, unit_price: 2 },
    ]);
    const supervisorDelete = await batch(
      [
        { method: 'PATCH', url: `${lines()}/${d.delivery_items[0]!.id}`, body: { notes: 'ok' } },
        { method: 'DELETE', url: `${lines()}/${d.delivery_items[1]!.id}` },
      ],
      supervisor.token,
    );
    expect(supervisorDelete.status).toBe(400);
    expect(supervisorDelete.body.data).toMatchObject({
      index: 1,
      error: {
        status: 403,
        code: 'PERMISSION_DENIED',
        message: 'Permission denied: Cannot delete delivery items',
      },
    });
    const accountantCreate = await batch(
      [
        {
          method: 'POST',
          url: lines(),
          body: { delivery: d.id, item: cement, quantity: 1, unit_price: 1 },
        },
      ],
      accountant.token,
    );
    expect(accountantCreate.body.data.error.code).toBe('PERMISSION_DENIED');
    const supervisorEdit = await batch(
      [{ method: 'PATCH', url: `${lines()}/${d.delivery_items[0]!.id}`, body: { notes: 'ok' } }],
      supervisor.token,
    );
    expect(supervisorEdit.status).toBe(200);
    const anonymous = await call(server.url, 'POST', '/api/batch', {
      body: { requests: [{ method: 'DELETE', url: `${lines()}/${d.delivery_items[0]!.id}` }] },
    });
    expect(anonymous.status).toBe(401);
  });

  it('accepts only delivery_items URLs, 1 to 500 requests', async () => {
    const d = await newDelivery();
    for (const request of [
      { method: 'POST', url: url('/deliveries'), body: {} },
      { method: 'DELETE', url: url(`/deliveries/${d.id}`) },
      { method: 'POST', url: `${lines()}/${d.delivery_items[0]!.id}`, body: {} },
      { method: 'PATCH', url: lines(), body: {} },
      {
        method: 'DELETE',
        url: `/api/collections/delivery_items/records/${d.delivery_items[0]!.id}`,
      },
    ]) {
      const res = await batch([request]);
      expect(res.status, request.url).toBe(400);
      expect(res.body.code).toBe('BATCH_FAILED');
      expect(res.body.data.index).toBe(0);
      expect(Object.keys(res.body.data.error.data)).toEqual(['url']);
    }
    const wrongMethod = await batch([{ method: 'GET', url: lines() }]);
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.body.code).toBe('VALIDATION_FAILED');
    expect((await batch([])).status).toBe(400);
    const tooMany = await batch(
      Array.from({ length: 501 }, () => ({
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: cement, quantity: 1, unit_price: 1 },
      })),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('VALIDATION_FAILED');
    expect((await getDelivery(d.id)).delivery_items).toHaveLength(1);
  });

  it('runs 500 requests and keeps the new lines in order', async () => {
    const d = await newDelivery();
    const res = await batch(
      Array.from({ length: 500 }, (_, i) => ({
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: i % 2 ? steel : cement, quantity: i + 1, unit_price: 0.5 },
      })),
    );
    expect(res.status).toBe(200);
    const after = await getDelivery(d.id);
    expect(after.delivery_items.slice(1).map((l) => l.quantity)).toEqual(
      Array.from({ length: 500 }, (_, i) => i + 1),
    );
    expect(after.items_total).toBe(1000 + (500 * 501) / 2 / 2);
  });

  it('checks whole-delivery rules after the last request', async () => {
    const d = await newDelivery([
      { quantity: 1, unit_price: 10 },
      { quantity: 1, unit_price: 20 },
    ]);
    const [a, b] = d.delivery_items;
    // Replacing every line is fine: the delivery has a line again when the batch ends.
    const replace = await batch([
      { method: 'DELETE', url: `${lines()}/${a!.id}` },
      { method: 'DELETE', url: `${lines()}/${b!.id}` },
      {
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: steel, quantity: 3, unit_price: 7 },
      },
    ]);
    expect(replace.status).toBe(200);
    const replaced = await getDelivery(d.id);
    expect(replaced.delivery_items.map((l) => l.total_amount)).toEqual([21]);
    expect(replaced.total_amount).toBe(21);
    const only = replaced.delivery_items[0]!;
    const empty = await batch([
      { method: 'PATCH', url: `${lines()}/${only.id}`, body: { notes: 'x' } },
      { method: 'DELETE', url: `${lines()}/${only.id}` },
    ]);
    expect(empty.status).toBe(400);
    expect(empty.body.data).toMatchObject({ index: 1, error: { code: 'DELIVERY_NEEDS_ITEM' } });
    expect(await getDelivery(d.id)).toEqual(replaced);
  });

  it('keeps payment_status true and refuses a total below the paid amount', async () => {
    const d = await newDelivery([
      { quantity: 10, unit_price: 100 },
      { quantity: 5, unit_price: 100 },
    ]); // ₹1,500
    await insertPayment(server, siteId, {
      vendor,
      amountPaise: 120_000,
      allocations: [{ delivery: d.id, amountPaise: 120_000 }],
    });
    const below = await batch([
      { method: 'PATCH', url: `${lines()}/${d.delivery_items[0]!.id}`, body: { quantity: 7 } },
      { method: 'PATCH', url: `${lines()}/${d.delivery_items[1]!.id}`, body: { quantity: 4 } },
    ]);
    expect(below.status).toBe(400);
    expect(below.body.data).toMatchObject({
      index: 1,
      error: { status: 409, code: 'TOTAL_BELOW_PAID' },
    });
    const exact = await batch([
      { method: 'PATCH', url: `${lines()}/${d.delivery_items[0]!.id}`, body: { quantity: 7 } },
    ]);
    expect(exact.status).toBe(200);
    expect(await getDelivery(d.id)).toMatchObject({
      total_amount: 1200,
      paid_amount: 1200,
      payment_status: 'paid',
    });
    const more = await batch([
      {
        method: 'POST',
        url: lines(),
        body: { delivery: d.id, item: cement, quantity: 1, unit_price: 1 },
      },
    ]);
    expect(more.status).toBe(200);
    expect((await getDelivery(d.id)).payment_status).toBe('partial');
  });

  it('answers in Hindi when asked', async () => {
    const res = await batch(
      [{ method: 'DELETE', url: `${lines()}/${newId()}` }],
      owner.token,
      'hi',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[\u0900-\u097F]/);
    expect(res.body.data.error.message).toMatch(/[\u0900-\u097F]/);
  });
});
