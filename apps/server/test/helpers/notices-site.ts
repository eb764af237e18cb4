/**
 * The site the notices tests work on (notices*.test.ts): an owner, a supervisor and an
 * accountant (with a phone) on "Lake View", a vendor and an item, a server whose WhatsApp is a
 * fake Cloud API; and the calls those tests make. The bindings are live: read them in tests.
 */
import { expect } from 'vitest';
import { businessToday } from '../../src/platform/business-time.js';
import { noticesSettled } from '../../src/modules/notices/notices.js';
import { call, createSite, readOutbox, registerUser, type Registered } from './api.js';
import { addMember } from './fixtures.js';
import { startFakeWhatsApp, type FakeWhatsApp } from './fake-whatsapp.js';
import { startServer, type TestServer } from './test-server.js';

export let server: TestServer;
export let whatsapp: FakeWhatsApp;
export let owner: Registered;
export let supervisor: Registered;
export let accountant: Registered;
export let siteId: string;
export let vendor: string;
export let cement: string;

export interface Prefs {
  items: { kind: string; mail: boolean; whatsapp: boolean; amount: number | null }[];
  whatsapp_available: boolean;
  has_phone: boolean;
  language: 'en' | 'hi' | null;
}

export async function ok<T = { id: string; status: string }>(
  method: string,
  p: string,
  body: unknown,
  who: Registered,
): Promise<T> {
  const url = p.startsWith('/api/') ? p : `/api/sites/${siteId}${p}`;
  const res = await call<T>(server.url, method, url, { token: who.token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  // Its notices are sent before the next step (they go after the answer).
  await noticesSettled(server.ctx);
  return res.body;
}

/** The mails each of the three received while `action` ran (and its notices went). */
export async function mailsDuring(action: () => Promise<unknown>) {
  const before = readOutbox(server.dataDir).length;
  await action();
  await noticesSettled(server.ctx);
  const fresh = readOutbox(server.dataDir).slice(before);
  const to = (r: Registered) => fresh.filter((m) => m.to === r.email);
  return { all: fresh, owner: to(owner), supervisor: to(supervisor), accountant: to(accountant) };
}

export const request = (who: Registered, submit = true) =>
  ok('POST', '/material_requests', { items: [{ item: cement, quantity: 10 }], submit }, who);

export const delivery = (who: Registered, bags: number, date?: string) =>
  ok(
    'POST',
    '/deliveries',
    {
      vendor,
      delivery_date: date ?? businessToday('Asia/Kolkata'),
      delivery_items: [{ item: cement, quantity: bags, unit_price: 400 }],
    },
    who,
  );

/** beforeAll: starts the fake WhatsApp and the server and makes the site. */
export async function startNoticeSite(): Promise<void> {
  whatsapp = await startFakeWhatsApp();
  server = await startServer({ DEFAULT_PLAN: 'Basic', ...whatsapp.env });
  owner = await registerUser(server.url, { name: 'Ramesh Owner' });
  supervisor = await registerUser(server.url, { name: 'Suresh Supervisor' });
  accountant = await registerUser(server.url, { name: 'Anita Accounts', phone: '98765 43210' });
  siteId = (await createSite(server.url, owner.token, { name: 'Lake View' })).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  vendor = (await ok('POST', '/vendors', { name: 'Shree Cement Traders' }, owner)).id;
  cement = (await ok('POST', '/items', { name: 'Cement OPC 53', unit: 'bag' }, owner)).id;
}

export async function stopNoticeSite(): Promise<void> {
  await server?.close();
  await whatsapp?.close();
}
