/**
 * The audit trail (issue 10): every change to a business record is written with who, when, the
 * record, the action and the changed fields' old and new values, in the change's own transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

interface Entry {
  id: string;
  at: string;
  user: string | null;
  user_name: string | null;
  entity: string;
  record_id: string;
  action: string;
  changes: Record<string, { old: unknown; new: unknown }>;
}
interface EntryPage {
  totalItems: number;
  items: Entry[];
}

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let stranger: Registered;
let siteId: string;
let itemId: string;

const site = (path: string) => `/api/sites/${siteId}${path}`;
const post = (path: string, body: unknown, who: Registered = owner) =>
  call<{ id: string }>(server.url, 'POST', site(path), { token: who.token, body });
const patch = (path: string, body: unknown, who: Registered = owner) =>
  call<{ id: string }>(server.url, 'PATCH', site(path), { token: who.token, body });
const remove = (path: string, who: Registered = owner) =>
  call(server.url, 'DELETE', site(path), { token: who.token });
const history = (entity: string, id: string, who: Registered = owner) =>
  call<EntryPage>(server.url, 'GET', site(`/audit/${entity}/${id}`), { token: who.token });
const activity = (query = '', who: Registered = owner) =>
  call<EntryPage>(server.url, 'GET', site(`/audit${query}`), { token: who.token });

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url, { name: 'Owner Asha' });
  supervisor = await registerUser(server.url, { name: 'Supervisor Ravi' });
  accountant = await registerUser(server.url, { name: 'Accountant Meena' });
  stranger = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  itemId = (await post('/items', { name: 'Cement', unit: 'bag' })).body.id;
});
afterAll(async () => {
  await server?.close();
});

describe('audit trail', () => {
  it('records a vendor created, renamed and deleted, with who and the old and new values', async () => {
    const vendor = await post('/vendors', { name: 'A', phone: '98200 11111' });
    expect(vendor.status).toBe(201);
    const id = vendor.body.id;
    expect((await patch(`/vendors/${id}`, { name: 'B' }, supervisor)).status).toBe(200);
    // A save that changes nothing adds no entry.
    expect((await patch(`/vendors/${id}`, { name: 'B' })).status).toBe(200);
    expect((await remove(`/vendors/${id}`)).status).toBe(204);

    const trail = await history('vendors', id);
    expect(trail.status).toBe(200);
    expect(trail.body.items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, renamed, created] = trail.body.items;
    expect(created).toMatchObject({ user: owner.user.id, user_name: 'Owner Asha' });
    expect(created!.changes.name).toEqual({ old: null, new: 'A' });
    expect(created!.changes.phone).toEqual({ old: null, new: '98200 11111' });
    expect(created!.changes).not.toHaveProperty('site_id');
    expect(created!.changes).not.toHaveProperty('updated');
    expect(renamed).toMatchObject({ user: supervisor.user.id, user_name: 'Supervisor Ravi' });
    expect(renamed!.changes).toEqual({ name: { old: 'A', new: 'B' } });
    expect(deleted!.changes.name).toEqual({ old: 'B', new: null });
  });

  it('shows amounts in rupees and quantities in units, lines included', async () => {
    const vendor = (await post('/vendors', { name: 'Shree Cement' })).body.id;
    const delivery = await post('/deliveries', {
      vendor,
      delivery_date: '2026-03-02',
      delivery_items: [{ item: itemId, quantity: 12.5, unit_price: 385.5 }],
    });
    expect(delivery.status).toBe(201);
    const id = delivery.body.id;
    expect((await patch(`/deliveries/${id}`, { tax_amount: 100.25 })).status).toBe(200);

    const [updated, created] = (await history('deliveries', id)).body.items;
    expect(created!.changes.total_amount).toEqual({ old: null, new: 4818.75 });
    expect(created!.changes.lines).toEqual({
      old: null,
      new: [{ item: itemId, quantity: 12.5, unit_price: 385.5, total_amount: 4818.75 }],
    });
    expect(updated!.changes.tax_amount).toEqual({ old: 0, new: 100.25 });
    expect(updated!.changes.total_amount).toEqual({ old: 4818.75, new: 4919 });
  });

  it('records a payment with its allocations, and a failed payment leaves no entry', async () => {
    const vendor = (await post('/vendors', { name: 'Balaji Steel' })).body.id;
    const account = (
      await post('/accounts', { name: 'HDFC', type: 'bank', opening_balance: 100000 })
    ).body.id;
    const delivery = (
      await post('/deliveries', {
        vendor,
        delivery_date: '2026-03-03',
        delivery_items: [{ item: itemId, quantity: 10, unit_price: 100 }],
      })
    ).body.id;
    const before = (await activity('?entity=payments')).body.totalItems;
    const tooMuch = await post('/payments', {
      vendor,
      account,
      amount: 5000,
      payment_date: '2026-03-04',
      delivery_allocations: [{ delivery, amount: 5000 }],
    });
    expect(tooMuch.status).toBe(400);
    expect((await activity('?entity=payments')).body.totalItems).toBe(before);

    const paid = await post('/payments', {
      vendor,
      account,
      amount: 600,
      payment_date: '2026-03-04',
      delivery_allocations: [{ delivery, amount: 600 }],
    });
    expect(paid.status).toBe(201);
    const [entry] = (await history('payments', paid.body.id)).body.items;
    expect(entry!.action).toBe('create');
    expect(entry!.changes.amount).toEqual({ old: null, new: 600 });
    expect(entry!.changes.allocations).toEqual({
      old: null,
      new: [{ delivery, service_booking: null, allocated_amount: 600 }],
    });
    // The delivery's own history shows nothing for being paid: only its writes are recorded.
    expect((await activity('?entity=payments')).body.totalItems).toBe(before + 1);
  });

  it('records a return’s rejection as a change of its status', async () => {
    const vendor = (await post('/vendors', { name: 'Return vendor' })).body.id;
    const delivery = await call<{ delivery_items: { id: string }[] }>(
      server.url,
      'POST',
      site('/deliveries'),
      {
        token: owner.token,
        body: {
          vendor,
          delivery_date: '2026-03-06',
          delivery_items: [{ item: itemId, quantity: 5, unit_price: 100 }],
        },
      },
    );
    const made = await post('/vendor_returns', {
      vendor,
      return_date: '2026-03-07',
      reason: 'damaged',
      items: [
        {
          delivery_item: delivery.body.delivery_items[0]!.id,
          quantity_returned: 1,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
    });
    expect(made.status).toBe(201);
    const rejected = await post(`/vendor_returns/${made.body.id}/reject`, { notes: 'Wrong lot' });
    expect(rejected.status).toBe(200);
    const [change, created] = (await history('vendor_returns', made.body.id)).body.items;
    expect(created!.action).toBe('create');
    expect(change!.action).toBe('update');
    expect(change!.changes.status).toEqual({ old: 'approved', new: 'rejected' });
  });

  it('lets owners see the site log, filtered by person and record type', async () => {
    const all = await activity();
    expect(all.status).toBe(200);
    expect(all.body.totalItems).toBeGreaterThan(5);
    const times = all.body.items.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const bySupervisor = await activity(`?user=${supervisor.user.id}`);
    expect(bySupervisor.body.items.length).toBeGreaterThan(0);
    expect(bySupervisor.body.items.every((e) => e.user === supervisor.user.id)).toBe(true);
    const vendors = await activity('?entity=vendors&action=update');
    expect(vendors.body.items.every((e) => e.entity === 'vendors' && e.action === 'update')).toBe(
      true,
    );
    expect((await activity('?entity=nonsense')).status).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    expect((await activity(`?from=${today}&to=${today}`)).body.totalItems).toBe(
      all.body.totalItems,
    );
    expect((await activity('?to=2000-01-01')).body.totalItems).toBe(0);
  });

  it('keeps the log to owners and a record’s history to the site’s members', async () => {
    const denied = await activity('', supervisor);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Only owners can see the activity log',
    });
    expect((await activity('', accountant)).status).toBe(403);
    expect((await activity('', stranger)).body).toMatchObject({ code: 'ACCESS_DENIED' });

    const vendor = (await post('/vendors', { name: 'Visible' })).body.id;
    expect((await history('vendors', vendor, supervisor)).status).toBe(200);
    const payments = (await activity('?entity=payments')).body.items;
    const paymentId = payments[0]!.record_id;
    // Every role of spec part 6 may view financials; the history follows the same rule.
    expect((await history('payments', paymentId, accountant)).status).toBe(200);
    expect((await history('payments', paymentId, supervisor)).status).toBe(200);
    expect((await history('payments', paymentId, stranger)).status).toBe(403);
    // Another site's record id only finds that site's (empty) history.
    const otherSite = (await createSite(server.url, stranger.token)).id;
    const leak = await call<EntryPage>(
      server.url,
      'GET',
      `/api/sites/${otherSite}/audit/vendors/${vendor}`,
      { token: stranger.token },
    );
    expect(leak.status).toBe(200);
    expect(leak.body.items).toEqual([]);
  });

  it('writes the entry in the change’s transaction: a rolled-back change leaves none', async () => {
    const before = (await activity()).body.totalItems;
    const vendor = (await post('/vendors', { name: 'Used vendor' })).body.id;
    await post('/deliveries', {
      vendor,
      delivery_date: '2026-03-05',
      delivery_items: [{ item: itemId, quantity: 1, unit_price: 10 }],
    });
    const afterWrites = (await activity()).body.totalItems;
    expect(afterWrites).toBe(before + 2);
    // Refused (in use): the delete rolls back, and its audit entry with it.
    expect((await remove(`/vendors/${vendor}`)).status).toBe(409);
    const bad = await patch(`/vendors/${vendor}`, { name: '' });
    expect(bad.status).toBe(400);
    expect((await activity()).body.totalItems).toBe(afterWrites);
  });
});
