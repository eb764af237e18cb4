import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus } from '../src/db/schema.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import {
  insertBooking as insertBookingRow,
  insertVendor as insertVendorRow,
} from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let otherOwner: Registered;
let otherSiteId: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  otherOwner = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, otherOwner.token)).id;
});
afterAll(async () => {
  await server?.close();
});

interface Service {
  id: string;
  site: string;
  name: string;
  description: string | null;
  category: string;
  service_type: string | null;
  unit: string;
  standard_rate: number;
  is_active: boolean;
  tags: string[];
  expand?: { tags?: { id: string; name: string }[] };
}
interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}
interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, { code: string; message: string } | undefined>;
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;

async function createService(body: Record<string, unknown>, token = owner.token) {
  const res = await call<Service>(server.url, 'POST', url('/services'), { token, body });
  expect(res.status).toBe(201);
  return res.body;
}

const insertVendor = (site: string, name: string) => insertVendorRow(server, site, name);

/** A booking written directly: total = duration × rate rounded to the paisa. */
const insertBooking = (options: {
  service: string;
  vendor: string;
  start: string;
  durationMilli: number;
  ratePaise: number;
  status?: BookingStatus;
}) => insertBookingRow(server, siteId, options);

describe('services', () => {
  it('creates with the spec categories and units, stores the rate in paise, and validates', async () => {
    const mason = await createService(
      {
        name: '  Mason ',
        description: 'Brick work',
        category: 'labor',
        service_type: 'Mason',
        unit: 'day',
        standard_rate: 950.5,
      },
      supervisor.token,
    );
    expect(mason).toMatchObject({
      site: siteId,
      name: 'Mason',
      category: 'labor',
      service_type: 'Mason',
      unit: 'day',
      standard_rate: 950.5,
      is_active: true,
      tags: [],
    });
    const row = await server.ctx.db.kysely
      .selectFrom('services')
      .select(['standard_rate', 'created_by'])
      .where('id', '=', mason.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ standard_rate: 95050, created_by: supervisor.user.id });

    for (const [body, field] of [
      [{ name: '', category: 'labor', unit: 'day', standard_rate: 1 }, 'name'],
      [{ name: 'X', category: 'plumbing', unit: 'day', standard_rate: 1 }, 'category'],
      [{ name: 'X', category: 'labor', unit: 'week', standard_rate: 1 }, 'unit'],
      [{ name: 'X', category: 'labor', unit: 'day', standard_rate: -1 }, 'standard_rate'],
      [{ name: 'X', category: 'labor', unit: 'day', standard_rate: 1.005 }, 'standard_rate'],
      [{ name: 'X', category: 'labor', unit: 'day', standard_rate: 2e11 }, 'standard_rate'],
      [
        { name: 'X', category: 'labor', unit: 'day', standard_rate: 1, is_active: 'yes' },
        'is_active',
      ],
    ] as const) {
      const res = await call<ErrorBody>(server.url, 'POST', url('/services'), {
        token: owner.token,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.data[field]).toBeDefined();
    }
    const free = await createService({
      name: 'Site visit',
      category: 'professional',
      unit: 'job',
      standard_rate: 0,
    });
    expect(free.standard_rate).toBe(0);
  });

  it('PATCH changes only the fields sent (is_active is not reset to its default)', async () => {
    const svc = await createService({
      name: 'Crane',
      category: 'equipment',
      unit: 'hour',
      standard_rate: 2500,
      is_active: false,
    });
    expect(svc.is_active).toBe(false);
    const res = await call<Service>(server.url, 'PATCH', url(`/services/${svc.id}`), {
      token: supervisor.token,
      body: { standard_rate: 2750.25, description: 'Tower crane' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      is_active: false,
      standard_rate: 2750.25,
      description: 'Tower crane',
      name: 'Crane',
      category: 'equipment',
    });
    const cleared = await call<Service>(server.url, 'PATCH', url(`/services/${svc.id}`), {
      token: owner.token,
      body: { description: '', is_active: true },
    });
    expect(cleared.body).toMatchObject({ description: null, is_active: true });
  });

  it('lists with default sort by name, filters, search, pagination and sort', async () => {
    const site = (await createSite(server.url, owner.token, { name: 'List site' })).id;
    const mk = async (body: Record<string, unknown>) =>
      (
        await call<Service>(server.url, 'POST', url('/services', site), {
          token: owner.token,
          body,
        })
      ).body;
    const tag = (
      await call<{ id: string }>(server.url, 'POST', url('/tags', site), {
        token: owner.token,
        body: { name: 'Heavy', type: 'service_category' },
      })
    ).body;
    await mk({ name: 'Plumber', category: 'labor', unit: 'day', standard_rate: 800 });
    await mk({
      name: 'Excavator',
      category: 'equipment',
      service_type: 'JCB 3DX',
      unit: 'hour',
      standard_rate: 1800,
      tags: [tag.id],
    });
    await mk({ name: 'Architect', category: 'professional', unit: 'month', standard_rate: 50000 });
    await mk({
      name: 'Tipper',
      category: 'transport',
      unit: 'job',
      standard_rate: 3000,
      is_active: false,
      tags: [tag.id],
    });
    await mk({ name: 'Electrician', category: 'labor', unit: 'day', standard_rate: 900 });
    const names = async (query: string) =>
      (
        await call<Page<Service>>(server.url, 'GET', url(`/services${query}`, site), {
          token: owner.token,
        })
      ).body.items.map((s) => s.name);
    expect(await names('')).toEqual(['Architect', 'Electrician', 'Excavator', 'Plumber', 'Tipper']);
    expect(await names('?category=labor')).toEqual(['Electrician', 'Plumber']);
    expect(await names('?unit=hour')).toEqual(['Excavator']);
    expect(await names('?is_active=false')).toEqual(['Tipper']);
    expect(await names('?is_active=true&category=transport')).toEqual([]);
    expect(await names(`?tag=${tag.id}`)).toEqual(['Excavator', 'Tipper']);
    expect(await names('?q=jcb')).toEqual(['Excavator']);
    expect(await names('?sort=-standard_rate')).toEqual([
      'Architect',
      'Tipper',
      'Excavator',
      'Electrician',
      'Plumber',
    ]);
    const page2 = await call<Page<Service>>(
      server.url,
      'GET',
      url('/services?perPage=2&page=2', site),
      { token: accountant.token },
    );
    expect(page2.status).toBe(403); // not a member of that site
    const p2 = await call<Page<Service>>(
      server.url,
      'GET',
      url('/services?perPage=2&page=2', site),
      {
        token: owner.token,
      },
    );
    expect(p2.body).toMatchObject({ page: 2, perPage: 2, totalItems: 5, totalPages: 3 });
    expect(p2.body.items.map((s) => s.name)).toEqual(['Excavator', 'Plumber']);
    const expanded = await call<Page<Service>>(
      server.url,
      'GET',
      url(`/services?tag=${tag.id}&expand=tags`, site),
      { token: owner.token },
    );
    expect(expanded.body.items[0]!.expand?.tags?.map((t) => t.name)).toEqual(['Heavy']);
    for (const bad of ['?category=plumbing', '?is_active=maybe', '?sort=password', '?perPage=501'])
      expect(
        (await call(server.url, 'GET', url(`/services${bad}`, site), { token: owner.token }))
          .status,
      ).toBe(400);
  });

  it('keeps tag usage counts true through create, retag and delete', async () => {
    const mkTag = async (name: string) =>
      (
        await call<{ id: string; usage_count: number }>(server.url, 'POST', url('/tags'), {
          token: owner.token,
          body: { name, type: 'service_category' },
        })
      ).body;
    const a = await mkTag('Civil');
    const b = await mkTag('MEP');
    const count = async (id: string) =>
      (
        await call<{ usage_count: number }>(server.url, 'GET', url(`/tags/${id}`), {
          token: owner.token,
        })
      ).body.usage_count;
    const svc = await createService({
      name: 'Shuttering',
      category: 'labor',
      unit: 'sqft',
      standard_rate: 45,
      tags: [a.id, b.id],
    });
    expect(svc.tags.sort()).toEqual([a.id, b.id].sort());
    expect([await count(a.id), await count(b.id)]).toEqual([1, 1]);
    await call(server.url, 'PATCH', url(`/services/${svc.id}`), {
      token: owner.token,
      body: { tags: [b.id] },
    });
    expect([await count(a.id), await count(b.id)]).toEqual([0, 1]);
    const del = await call(server.url, 'DELETE', url(`/services/${svc.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(204);
    expect(await count(b.id)).toBe(0);
  });

  it("refuses another site's tag (400) and writes nothing", async () => {
    const foreign = (
      await call<{ id: string }>(server.url, 'POST', url('/tags', otherSiteId), {
        token: otherOwner.token,
        body: { name: 'Theirs' },
      })
    ).body;
    const res = await call<ErrorBody>(server.url, 'POST', url('/services'), {
      token: owner.token,
      body: {
        name: 'Sneaky service',
        category: 'other',
        unit: 'job',
        standard_rate: 1,
        tags: [foreign.id],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.tags).toBeDefined();
    const list = await call<Page<Service>>(server.url, 'GET', url('/services?q=sneaky'), {
      token: owner.token,
    });
    expect(list.body.totalItems).toBe(0);
  });

  it('permissions: accountant cannot create or update, supervisor cannot delete, strangers get ACCESS_DENIED', async () => {
    const svc = await createService({
      name: 'Perm svc',
      category: 'other',
      unit: 'job',
      standard_rate: 10,
    });
    const create = await call(server.url, 'POST', url('/services'), {
      token: accountant.token,
      body: { name: 'No', category: 'other', unit: 'job', standard_rate: 1 },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot create services',
    });
    const update = await call(server.url, 'PATCH', url(`/services/${svc.id}`), {
      token: accountant.token,
      body: { name: 'No' },
    });
    expect(update.body).toMatchObject({ message: 'Permission denied: Cannot update services' });
    const del = await call(server.url, 'DELETE', url(`/services/${svc.id}`), {
      token: supervisor.token,
    });
    expect(del.status).toBe(403);
    expect(del.body).toMatchObject({ message: 'Permission denied: Cannot delete services' });
    const read = await call<Service>(server.url, 'GET', url(`/services/${svc.id}`), {
      token: accountant.token,
    });
    expect(read.status).toBe(200);
    const stranger = await call(server.url, 'GET', url(`/services/${svc.id}`), {
      token: otherOwner.token,
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ code: 'ACCESS_DENIED' });
  });

  it("another site's service id answers 404, read or write, and nothing changes", async () => {
    const foreign = (
      await call<Service>(server.url, 'POST', url('/services', otherSiteId), {
        token: otherOwner.token,
        body: { name: 'Their crane', category: 'equipment', unit: 'day', standard_rate: 5000 },
      })
    ).body;
    for (const [method, path, body] of [
      ['GET', `/services/${foreign.id}`, undefined],
      ['GET', `/services/${foreign.id}/stats`, undefined],
      ['PATCH', `/services/${foreign.id}`, { name: 'Mine now' }],
      ['DELETE', `/services/${foreign.id}`, undefined],
    ] as const) {
      const res = await call(server.url, method, url(path), { token: owner.token, body });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    const still = await call<Service>(
      server.url,
      'GET',
      url(`/services/${foreign.id}`, otherSiteId),
      { token: otherOwner.token },
    );
    expect(still.body.name).toBe('Their crane');
  });

  it('stats: bookings not cancelled, newest first, rate range, duration-weighted average and trend; delete refused while used', async () => {
    const svc = await createService({
      name: 'Labour gang',
      category: 'labor',
      unit: 'day',
      standard_rate: 700,
    });
    const v1 = await insertVendor(siteId, 'Ramesh Contractors');
    const v2 = await insertVendor(siteId, 'Suresh & Sons');
    await insertBooking({
      service: svc.id,
      vendor: v1,
      start: '2026-01-05',
      durationMilli: 10_000,
      ratePaise: 70_000,
    });
    await insertBooking({
      service: svc.id,
      vendor: v2,
      start: '2026-01-20',
      durationMilli: 2_500,
      ratePaise: 80_050,
    });
    await insertBooking({
      service: svc.id,
      vendor: v1,
      start: '2026-01-20',
      durationMilli: 1_000,
      ratePaise: 75_000,
    });
    // Cancelled: no part of history, range or trend.
    await insertBooking({
      service: svc.id,
      vendor: v2,
      start: '2026-02-01',
      durationMilli: 1_000,
      ratePaise: 10_000,
      status: 'cancelled',
    });
    const stats = await call<{
      bookings: {
        start_date: string;
        vendor: string;
        vendor_name: string;
        duration: number;
        unit_rate: number;
        total_amount: number;
        status: string;
        end_date: string | null;
      }[];
      rate: { lowest: number; highest: number; average: number };
      trend: { date: string; unit_rate: number }[];
    }>(server.url, 'GET', url(`/services/${svc.id}/stats`), { token: accountant.token });
    expect(stats.status).toBe(200);
    expect(stats.body.bookings).toHaveLength(3);
    expect(stats.body.bookings.map((b) => b.start_date)).toEqual([
      '2026-01-20',
      '2026-01-20',
      '2026-01-05',
    ]);
    const oldest = stats.body.bookings[2]!;
    expect(oldest).toMatchObject({
      vendor: v1,
      vendor_name: 'Ramesh Contractors',
      duration: 10,
      unit_rate: 700,
      total_amount: 7000,
      status: 'scheduled',
      end_date: null,
    });
    const gang = stats.body.bookings.find((b) => b.vendor === v2)!;
    expect(gang).toMatchObject({ duration: 2.5, unit_rate: 800.5, total_amount: 2001.25 });
    // (7000 + 2001.25 + 750) / 13.5 days = 722.31…
    expect(stats.body.rate).toEqual({ lowest: 700, highest: 800.5, average: 722.31 });
    // 2026-01-20: (2001.25 + 750) / 3.5 = 786.07…
    expect(stats.body.trend).toEqual([
      { date: '2026-01-05', unit_rate: 700 },
      { date: '2026-01-20', unit_rate: 786.07 },
    ]);
    const del = await call(server.url, 'DELETE', url(`/services/${svc.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'RECORD_IN_USE' });

    const empty = await createService({
      name: 'Unused',
      category: 'other',
      unit: 'job',
      standard_rate: 1,
    });
    const none = await call(server.url, 'GET', url(`/services/${empty.id}/stats`), {
      token: owner.token,
    });
    expect(none.body).toEqual({
      bookings: [],
      rate: { lowest: 0, highest: 0, average: 0 },
      trend: [],
    });
  });

  it('refuses to delete a service that a quotation names (409) and keeps the quotation', async () => {
    const svc = await createService({
      name: 'Quoted',
      category: 'transport',
      unit: 'job',
      standard_rate: 1,
    });
    const vendor = await insertVendor(siteId, 'Quoting vendor');
    const q = await call<{ id: string }>(server.url, 'POST', url('/quotations'), {
      token: owner.token,
      body: { vendor, quotation_type: 'service', service: svc.id, unit_price: 1200 },
    });
    expect(q.status).toBe(201);
    const del = await call(server.url, 'DELETE', url(`/services/${svc.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'RECORD_IN_USE' });
    expect(
      (await call(server.url, 'GET', url(`/quotations/${q.body.id}`), { token: owner.token }))
        .status,
    ).toBe(200);
  });
});
