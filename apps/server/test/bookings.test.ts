import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import {
  insertPayment,
  insertService as insertServiceRow,
  insertVendor as insertVendorRow,
} from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let otherOwner: Registered;
let siteId: string;
let otherSiteId: string;
let mason: string;
let crane: string;
let vendorA: string;
let vendorB: string;
let otherService: string;
let otherVendor: string;

interface Booking {
  id: string;
  site: string;
  service: string;
  vendor: string;
  start_date: string;
  end_date: string | null;
  duration: number;
  unit_rate: number;
  total_amount: number;
  percent_completed: number;
  status: string;
  notes: string | null;
  completion_photos: string[];
  paid_amount: number;
  payment_status: string;
  created: string;
  updated: string;
  expand?: {
    service?: { id: string; name: string; standard_rate: number };
    vendor?: { id: string; name: string };
  };
}
interface Page<T> {
  totalItems: number;
  totalPages: number;
  items: T[];
}
interface ErrorBody {
  status: number;
  code: string;
  message: string;
  data: Record<string, { code: string; message: string }>;
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;
const db = () => server.ctx.db.kysely;

const insertVendor = (site: string, name: string) => insertVendorRow(server, site, name);

const insertService = (site: string, name: string, ratePaise: number) =>
  insertServiceRow(server, site, { name, standardRatePaise: ratePaise });

/** A payment allocated to a booking, written directly (payments have their own suite). */
async function payBooking(bookingId: string, vendor: string, paise: number): Promise<void> {
  await insertPayment(server, siteId, {
    vendor,
    amountPaise: paise,
    date: '2025-03-10',
    allocations: [{ booking: bookingId, amountPaise: paise }],
  });
}

async function bookingCount(): Promise<number> {
  const row = await db()
    .selectFrom('service_bookings')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function create(body: Record<string, unknown>, token = owner.token, site = siteId) {
  return call<Booking>(server.url, 'POST', url('/service_bookings', site), {
    token,
    body: {
      service: mason,
      vendor: vendorA,
      start_date: '2025-03-01',
      duration: 4,
      unit_rate: 900,
      ...body,
    },
  });
}

function patch(id: string, body: Record<string, unknown>, token = owner.token) {
  return call<Booking & ErrorBody>(server.url, 'PATCH', url(`/service_bookings/${id}`), {
    token,
    body,
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
  mason = await insertService(siteId, 'Mason', 90_000);
  crane = await insertService(siteId, 'Crane', 1_250_050);
  vendorA = await insertVendor(siteId, 'Ram Labour Co');
  vendorB = await insertVendor(siteId, 'Lift Hire');
  otherService = await insertService(otherSiteId, 'Their mason', 80_000);
  otherVendor = await insertVendor(otherSiteId, 'Their vendor');
});
afterAll(async () => {
  await server?.close();
});

describe('creating a service booking', () => {
  it('computes total = duration × unit_rate to the paisa, with the defaults', async () => {
    const res = await create({ duration: 7.5, unit_rate: 333.33, end_date: '2025-03-02' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      site: siteId,
      service: mason,
      vendor: vendorA,
      start_date: '2025-03-01',
      end_date: '2025-03-02',
      duration: 7.5,
      unit_rate: 333.33,
      total_amount: 2499.98,
      percent_completed: 0,
      status: 'scheduled',
      paid_amount: 0,
      payment_status: 'pending',
      completion_photos: [],
      notes: null,
    });
    const row = await db()
      .selectFrom('service_bookings')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.total_amount).toBe(249998);
    expect(row.created_by).toBe(owner.user.id);
    const third = await create({ duration: 0.333, unit_rate: 10.01, status: 'in_progress' });
    expect(third.body).toMatchObject({ total_amount: 3.33, status: 'in_progress' });
  });

  it('refuses bad values and cross-site references, writing nothing', async () => {
    const before = await bookingCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ end_date: '2025-02-28' }, 'end_date'],
      [{ duration: 0 }, 'duration'],
      [{ duration: 1.0001 }, 'duration'],
      [{ unit_rate: 0 }, 'unit_rate'],
      [{ unit_rate: 12.345 }, 'unit_rate'],
      [{ percent_completed: 101 }, 'percent_completed'],
      [{ percent_completed: 12.5 }, 'percent_completed'],
      [{ status: 'done' }, 'status'],
      [{ start_date: '2025-13-01' }, 'start_date'],
      [{ service: otherService }, 'service'],
      [{ vendor: otherVendor }, 'vendor'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = res.body as unknown as ErrorBody;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.data), JSON.stringify(body)).toContain(field);
    }
    expect(await bookingCount()).toBe(before);
  });
});

describe('listing service bookings', () => {
  let listSite: string;
  let svc1: string;
  let svc2: string;
  let v1: string;
  const made: Booking[] = [];

  beforeAll(async () => {
    listSite = (await createSite(server.url, owner.token, { name: 'Bookings list' })).id;
    svc1 = await insertService(listSite, 'Plumber', 50_000);
    svc2 = await insertService(listSite, 'JCB', 150_000);
    v1 = await insertVendor(listSite, 'Sole vendor');
    const plan: [string, string, string][] = [
      ['2025-05-01', svc1, 'scheduled'],
      ['2025-05-10', svc2, 'completed'],
      ['2025-04-20', svc1, 'cancelled'],
      ['2025-05-10', svc1, 'in_progress'],
    ];
    for (const [start, service, status] of plan) {
      const res = await create(
        { service, vendor: v1, start_date: start, status, notes: `note ${status}` },
        owner.token,
        listSite,
      );
      expect(res.status).toBe(201);
      made.push(res.body);
    }
  });

  const list = (query: string) =>
    call<Page<Booking>>(server.url, 'GET', url(`/service_bookings${query}`, listSite), {
      token: accountant.token,
    });

  it('sorts by start_date descending by default and filters', async () => {
    await addMember(server, listSite, accountant.user.id, 'accountant');
    const all = await list('');
    expect(all.status).toBe(200);
    const expected = [...made].sort(
      (a, b) => b.start_date.localeCompare(a.start_date) || (b.id < a.id ? -1 : 1),
    );
    expect(all.body.items.map((b) => b.id)).toEqual(expected.map((b) => b.id));
    expect((await list(`?service=${svc2}`)).body.items.map((b) => b.status)).toEqual(['completed']);
    expect((await list(`?vendor=${v1}`)).body.totalItems).toBe(4);
    expect((await list('?status=cancelled')).body.items[0]!.start_date).toBe('2025-04-20');
    expect((await list('?payment_status=pending')).body.totalItems).toBe(4);
    expect((await list('?status=nope')).status).toBe(400);
    const range = await list('?from=2025-05-01&to=2025-05-09');
    expect(range.body.items.map((b) => b.start_date)).toEqual(['2025-05-01']);
    expect((await list('?q=PROGRESS')).body.items.map((b) => b.status)).toEqual(['in_progress']);
    const paged = await list('?perPage=3&page=2');
    expect(paged.body).toMatchObject({ totalItems: 4, totalPages: 2 });
    expect(paged.body.items.map((b) => b.id)).toEqual([expected[3]!.id]);
  });

  it('expands service and vendor', async () => {
    const res = await list('?expand=service,vendor');
    for (const b of res.body.items) {
      expect(b.expand?.service?.id).toBe(b.service);
      expect(b.expand?.vendor?.name).toBe('Sole vendor');
    }
    const jcb = res.body.items.find((b) => b.service === svc2)!;
    expect(jcb.expand?.service).toMatchObject({ name: 'JCB', standard_rate: 1500 });
    const one = await call<Booking>(
      server.url,
      'GET',
      url(`/service_bookings/${jcb.id}?expand=service`, listSite),
      { token: owner.token },
    );
    expect(one.body.expand?.service?.name).toBe('JCB');
    expect(one.body.expand?.vendor).toBeUndefined();
  });
});

describe('editing and deleting bookings', () => {
  it('recomputes the total and payment status as duration, rate and progress change', async () => {
    const b = (await create({ duration: 10, unit_rate: 1000 })).body; // ₹10,000
    const changed = await patch(b.id, { duration: 12.5, unit_rate: 999.99, notes: 'extended' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ total_amount: 12499.88, notes: 'extended' });
    await payBooking(b.id, vendorA, 500_000); // ₹5,000 paid
    const progress = await patch(b.id, { percent_completed: 40, status: 'in_progress' });
    expect(progress.body).toMatchObject({
      paid_amount: 5000,
      percent_completed: 40,
      payment_status: 'currently_paid_up',
    });
    const more = await patch(b.id, { percent_completed: 60 });
    expect(more.body.payment_status).toBe('partial');
    const cheaper = await patch(b.id, { unit_rate: 400 }); // 12.5 × 400 = 5000 = paid
    expect(cheaper.status).toBe(200);
    expect(cheaper.body).toMatchObject({ total_amount: 5000, payment_status: 'paid' });
    const below = await patch(b.id, { unit_rate: 399.99 });
    expect(below.status).toBe(409);
    expect(below.body.code).toBe('TOTAL_BELOW_PAID');
    const shorter = await patch(b.id, { duration: 12 });
    expect(shorter.status).toBe(409);
    const stored = await call<Booking>(server.url, 'GET', url(`/service_bookings/${b.id}`), {
      token: owner.token,
    });
    expect(stored.body).toMatchObject({ total_amount: 5000, unit_rate: 400, duration: 12.5 });
  });

  it('with payments: refuses delete and a change of service, vendor or start date', async () => {
    const b = (await create({})).body;
    await payBooking(b.id, vendorA, 100_000);
    const del = await call<ErrorBody>(server.url, 'DELETE', url(`/service_bookings/${b.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('BOOKING_HAS_PAYMENTS');
    expect(del.body.message).toBe(
      'Cannot delete service booking: It has payments assigned to it. Please remove all payments before deleting.',
    );
    for (const body of [{ service: crane }, { vendor: vendorB }, { start_date: '2025-03-02' }]) {
      const res = await patch(b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.code).toBe('BOOKING_HAS_PAYMENTS');
    }
    // Sending the unchanged values (a full form) is not a change.
    const same = await patch(b.id, {
      service: mason,
      vendor: vendorA,
      start_date: '2025-03-01',
      end_date: '2025-03-05',
    });
    expect(same.status).toBe(200);
    expect(same.body.end_date).toBe('2025-03-05');
    const kept = await call<Booking>(server.url, 'GET', url(`/service_bookings/${b.id}`), {
      token: owner.token,
    });
    expect(kept.body).toMatchObject({ service: mason, vendor: vendorA, start_date: '2025-03-01' });
  });

  it('a paid amount alone (no allocation rows) also counts as payments', async () => {
    const b = (await create({})).body;
    await db()
      .updateTable('service_bookings')
      .set({ paid_amount: 1 })
      .where('id', '=', b.id)
      .execute();
    const del = await call<ErrorBody>(server.url, 'DELETE', url(`/service_bookings/${b.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    // Undone: a paid amount without allocations breaks an invariant the suite's end checks.
    await db()
      .updateTable('service_bookings')
      .set({ paid_amount: 0 })
      .where('id', '=', b.id)
      .execute();
  });

  it('without payments: changes service, vendor and dates, checks them, and deletes', async () => {
    const b = (await create({})).body;
    const moved = await patch(b.id, { service: crane, vendor: vendorB, start_date: '2025-03-04' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ service: crane, vendor: vendorB, start_date: '2025-03-04' });
    const endBefore = await patch(b.id, { end_date: '2025-03-03' });
    expect(endBefore.status).toBe(400);
    expect(Object.keys(endBefore.body.data)).toEqual(['end_date']);
    const foreign = await patch(b.id, { vendor: otherVendor });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.data)).toEqual(['vendor']);
    const foreignService = await patch(b.id, { service: otherService });
    expect(Object.keys(foreignService.body.data)).toEqual(['service']);
    const del = await call(server.url, 'DELETE', url(`/service_bookings/${b.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(204);
    const gone = await call(server.url, 'GET', url(`/service_bookings/${b.id}`), {
      token: owner.token,
    });
    expect(gone.status).toBe(404);
  });
});

describe('booking scope and permissions', () => {
  it("answers 404 for another site's booking and applies the role rules", async () => {
    const theirs = await call<Booking>(server.url, 'POST', url('/service_bookings', otherSiteId), {
      token: otherOwner.token,
      body: {
        service: otherService,
        vendor: otherVendor,
        start_date: '2025-03-01',
        duration: 1,
        unit_rate: 100,
      },
    });
    expect(theirs.status).toBe(201);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await call<ErrorBody>(
        server.url,
        method,
        url(`/service_bookings/${theirs.body.id}`),
        { token: owner.token, ...(method === 'PATCH' ? { body: { notes: 'x' } } : {}) },
      );
      expect(res.status, method).toBe(404);
    }
    const denied = await create({}, accountant.token);
    expect(denied.status).toBe(403);
    expect((denied.body as unknown as ErrorBody).message).toBe(
      'Permission denied: Cannot create service bookings',
    );
    const bySupervisor = await create({}, supervisor.token);
    expect(bySupervisor.status).toBe(201);
    expect((await patch(bySupervisor.body.id, { notes: 'ok' }, supervisor.token)).status).toBe(200);
    const del = await call<ErrorBody>(
      server.url,
      'DELETE',
      url(`/service_bookings/${bySupervisor.body.id}`),
      { token: supervisor.token },
    );
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Permission denied: Cannot delete service bookings');
    const read = await call(server.url, 'GET', url('/service_bookings'), {
      token: accountant.token,
    });
    expect(read.status).toBe(200);
  });
});
