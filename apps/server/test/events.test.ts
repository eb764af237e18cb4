import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { openEventStream, type OpenStream } from './helpers/event-stream.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let siteId: string;
let otherSiteId: string;
let otherOwner: Registered;
const streams: OpenStream[] = [];

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;
async function stream(token: string, site = siteId) {
  const s = await openEventStream(`${server.url}${url('/events', site)}`, token);
  streams.push(s);
  return s;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  otherOwner = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, otherOwner.token)).id;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server?.close();
});

describe('GET /api/sites/{siteId}/events', () => {
  it('streams record events of committed changes to every member of the site, and only them', async () => {
    const mine = await stream(owner.token);
    expect(mine.status).toBe(200);
    expect(mine.contentType).toContain('text/event-stream');
    await mine.waitFor((e) => e.event === 'ready');
    const other = await stream(otherOwner.token, otherSiteId);
    await other.waitFor((e) => e.event === 'ready');

    const vendor = await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
      token: supervisor.token,
      body: { name: 'Shree Traders' },
    });
    expect(vendor.status).toBe(201);
    const created = await mine.waitFor(
      (e) => e.event === 'record' && e.data.collection === 'vendors',
    );
    expect(created.data).toEqual({
      collection: 'vendors',
      action: 'create',
      id: vendor.body.id,
      user: supervisor.user.id,
      // Issue 41: what the write changed (the vendor, and the plan's usage count).
      changed: ['subscription', 'vendors'],
    });

    await call(server.url, 'PATCH', url(`/vendors/${vendor.body.id}`), {
      token: owner.token,
      body: { phone: '9876543210' },
    });
    await mine.waitFor((e) => e.data.action === 'update' && e.data.id === vendor.body.id);
    const removed = await call(server.url, 'DELETE', url(`/vendors/${vendor.body.id}`), {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    await mine.waitFor((e) => e.data.action === 'delete' && e.data.id === vendor.body.id);

    // A refused write sends nothing; the other site heard nothing at all.
    const bad = await call(server.url, 'POST', url('/vendors'), { token: owner.token, body: {} });
    expect(bad.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine.events.filter((e) => e.event === 'record')).toHaveLength(3);
    expect(other.events.filter((e) => e.event === 'record')).toHaveLength(0);
  });

  it('reports delivery lines changed through /api/batch', async () => {
    const s = await stream(owner.token);
    await s.waitFor((e) => e.event === 'ready');
    const vendor = await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
      token: owner.token,
      body: { name: 'Batch vendor' },
    });
    const item = await call<{ id: string }>(server.url, 'POST', url('/items'), {
      token: owner.token,
      body: { name: 'Sand', unit: 'cft' },
    });
    const delivery = await call<{ id: string }>(server.url, 'POST', url('/deliveries'), {
      token: owner.token,
      body: {
        vendor: vendor.body.id,
        delivery_date: '2026-11-20',
        delivery_items: [{ item: item.body.id, quantity: 1, unit_price: 10 }],
      },
    });
    const batch = await call<{ responses: { body: { id: string } }[] }>(
      server.url,
      'POST',
      '/api/batch',
      {
        token: owner.token,
        body: {
          requests: [
            {
              method: 'POST',
              url: url('/delivery_items'),
              body: { delivery: delivery.body.id, item: item.body.id, quantity: 2, unit_price: 5 },
            },
          ],
        },
      },
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const line = await s.waitFor((e) => e.data.collection === 'delivery_items');
    expect(line.data).toMatchObject({ action: 'create', id: batch.body.responses[0]!.body.id });
  });

  it("names the writing tab from X-Client-Id, so that tab can skip its own write's echo", async () => {
    const s = await stream(owner.token);
    await s.waitFor((e) => e.event === 'ready');
    const named = await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
      token: owner.token,
      headers: { 'x-client-id': 'tab_4f7Qk2-x' },
      body: { name: 'Named tab vendor' },
    });
    const echo = await s.waitFor((e) => e.data.id === named.body.id);
    expect(echo.data).toEqual({
      collection: 'vendors',
      action: 'create',
      id: named.body.id,
      user: owner.user.id,
      client: 'tab_4f7Qk2-x',
      changed: ['subscription', 'vendors'],
    });
    // A malformed id is not repeated to every member's stream: the event is as without one.
    const odd = await call<{ id: string }>(server.url, 'PATCH', url(`/vendors/${named.body.id}`), {
      token: owner.token,
      headers: { 'x-client-id': '<script>' },
      body: { phone: '9876543210' },
    });
    expect(odd.status).toBe(200);
    const update = await s.waitFor(
      (e) => e.data.action === 'update' && e.data.id === named.body.id,
    );
    expect(update.data).not.toHaveProperty('client');
  });

  it('names the step of an action route, so owners and requesters can be told (issue 24)', async () => {
    const s = await stream(owner.token);
    await s.waitFor((e) => e.event === 'ready');
    const item = await call<{ id: string }>(server.url, 'POST', url('/items'), {
      token: owner.token,
      body: { name: 'Sand', unit: 'brass' },
    });
    const request = await call<{ id: string }>(server.url, 'POST', url('/material_requests'), {
      token: supervisor.token,
      body: { items: [{ item: item.body.id, quantity: 2 }] },
    });
    expect(request.status).toBe(201);
    await call(server.url, 'POST', url(`/material_requests/${request.body.id}/submit`), {
      token: supervisor.token,
    });
    const submitted = await s.waitFor((e) => e.data.step === 'submit');
    expect(submitted.data).toEqual({
      collection: 'material_requests',
      action: 'update',
      id: request.body.id,
      user: supervisor.user.id,
      step: 'submit',
      changed: ['material_requests', 'purchase_orders'],
    });
    await call(server.url, 'POST', url(`/material_requests/${request.body.id}/approve`), {
      token: owner.token,
      body: {},
    });
    await s.waitFor((e) => e.data.step === 'approve' && e.data.id === request.body.id);
  });

  it('tells the receiving site a transfer is on its way (step incoming, issue 38)', async () => {
    // The owner sends from their site to a second one, where the supervisor works.
    const siteB = (await createSite(server.url, owner.token)).id;
    await addMember(server, siteB, supervisor.user.id, 'supervisor');
    const sending = await stream(owner.token);
    const receiving = await stream(supervisor.token, siteB);
    await sending.waitFor((e) => e.event === 'ready');
    await receiving.waitFor((e) => e.event === 'ready');
    const item = await call<{ id: string }>(server.url, 'POST', url('/items'), {
      token: owner.token,
      body: { name: 'TMT Bar 12mm', unit: 'kg' },
    });
    const vendor = await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
      token: owner.token,
      body: { name: 'Steel Mart' },
    });
    await call(server.url, 'POST', url('/deliveries'), {
      token: owner.token,
      body: {
        vendor: vendor.body.id,
        delivery_date: '2026-11-02',
        delivery_items: [{ item: item.body.id, quantity: 500, unit_price: 62 }],
      },
    });
    const sent = await call<{ id: string }>(server.url, 'POST', url('/stock_transfers'), {
      token: owner.token,
      body: {
        to_site: siteB,
        transfer_date: '2026-11-03',
        lines: [{ item: item.body.id, quantity: 120 }],
      },
    });
    expect(sent.status).toBe(201);
    const incoming = await receiving.waitFor(
      (e) => e.event === 'record' && e.data.collection === 'stock_transfers',
    );
    expect(incoming.data).toEqual({
      collection: 'stock_transfers',
      action: 'create',
      id: sent.body.id,
      user: owner.user.id,
      step: 'incoming',
    });
    // The sending site's own event is a plain create.
    const own = await sending.waitFor(
      (e) => e.event === 'record' && e.data.collection === 'stock_transfers',
    );
    expect(own.data.step).toBeUndefined();
    // What the receiving site lists as on its way.
    const onItsWay = await call<{ items: { id: string; direction: string }[] }>(
      server.url,
      'GET',
      url('/stock_transfers?direction=in&status=sent', siteB),
      { token: supervisor.token },
    );
    expect(onItsWay.body.items.map((t) => [t.id, t.direction])).toEqual([[sent.body.id, 'in']]);
  });

  it('is refused to callers who are not members, and needs a token', async () => {
    const outsider = await stream(otherOwner.token);
    expect(outsider.status).toBe(403);
    const anonymous = await openEventStream(`${server.url}${url('/events')}`);
    expect(anonymous.status).toBe(401);
  });

  it('ends open streams when the server shuts down', async () => {
    const own = await startServer({ DEFAULT_PLAN: 'Basic' });
    const user = await registerUser(own.url);
    const site = (await createSite(own.url, user.token)).id;
    const s = await openEventStream(`${own.url}/api/sites/${site}/events`, user.token);
    await s.waitFor((e) => e.event === 'ready');
    expect(own.ctx.events.listenerCount(site)).toBe(1);
    await own.close();
    await s.ended;
    expect(own.ctx.events.listenerCount()).toBe(0);
  });
});
