/**
 * Load (issue 10, short form): 200 concurrent clients on a mixed workload — lists, the
 * dashboard, the ledger, creates of deliveries and payments — for LOAD_SECONDS (default 5; the
 * full run is 60). No answer may be a 5xx, and the books stay true (the suite ends with the
 * integrity check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
let server: TestServer;
let owner: Registered;
let siteId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic', LOG_LEVEL: 'warn' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  const post = async (p: string, body: unknown) =>
    (
      await call<{ id: string }>(server.url, 'POST', `/api/sites/${siteId}${p}`, {
        token: owner.token,
        body,
      })
    ).body.id;
  ids.vendor = await post('/vendors', { name: 'Shree Traders' });
  ids.item = await post('/items', { name: 'Cement', unit: 'bag' });
  ids.account = await post('/accounts', { name: 'HDFC', type: 'bank', opening_balance: 1e8 });
  const supervisor = await registerUser(server.url);
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  ids.supervisorToken = supervisor.token;
});
afterAll(async () => {
  await server?.close();
});

describe('load', () => {
  it(`${CLIENTS} concurrent clients on a mixed workload: no 5xx`, async () => {
    const base = `${server.url}/api/sites/${siteId}`;
    const statuses = new Map<number, number>();
    let requests = 0;
    const deadline = Date.now() + SECONDS * 1000;
    const send = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      await response.arrayBuffer();
      requests += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    };
    const client = async (n: number) => {
      const token = n % 2 ? owner.token : ids.supervisorToken!;
      let i = 0;
      while (Date.now() < deadline) {
        i += 1;
        const pick = (n + i) % 10;
        if (pick < 4) await send('GET', '/deliveries?perPage=30&expand=vendor', token);
        else if (pick === 4) await send('GET', '/dashboard', token);
        else if (pick === 5) await send('GET', `/vendors/${ids.vendor}/ledger`, token);
        else if (pick === 6) await send('GET', '/vendors', token);
        else if (pick < 9) {
          await send('POST', '/deliveries', token, {
            vendor: ids.vendor,
            delivery_date: '2026-11-20',
            delivery_items: [{ item: ids.item, quantity: 1, unit_price: 100 }],
          });
        } else {
          await send('POST', '/payments', token, {
            vendor: ids.vendor,
            account: ids.account,
            amount: 10,
            payment_date: '2026-11-20',
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const summary = Object.fromEntries(statuses);
    console.log(
      `load: ${CLIENTS} clients for ${SECONDS} s, ${requests} requests (${Math.round(requests / SECONDS)}/s), statuses ${JSON.stringify(summary)}`,
    );
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(requests).toBeGreaterThan(CLIENTS);
  }, 120_000);
});
