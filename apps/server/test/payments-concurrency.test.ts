import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { moneyKit, type MoneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * Payments fired at the same time (on PostgreSQL they really overlap: a pool of connections and
 * row locks; on SQLite the single connection makes them serial). Each race runs several rounds.
 */
let server: TestServer;
let owner: Registered;
let siteId: string;
let kit: MoneyKit;

interface ErrorBody {
  code: string;
  data: Record<string, unknown>;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  kit = moneyKit(server, siteId, owner.token);
});
afterAll(async () => {
  await server?.close();
});

const ROUNDS = 5;

async function scalar(query: ReturnType<typeof sql<{ v: number | string | null }>>) {
  const result = await query.execute(server.ctx.db.kysely);
  return Number(result.rows[0]?.v ?? 0);
}

describe('two payments at once', () => {
  it('that together would overspend one credit note: exactly one succeeds', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const vendor = await kit.vendor();
      const cn = await kit.creditNote(vendor, 1000);
      const body = {
        vendor,
        amount: 700,
        credit_note_allocations: [{ credit_note: cn, amount: 700 }],
      };
      const results = await Promise.all([kit.pay<ErrorBody>(body), kit.pay<ErrorBody>(body)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([201, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body).toMatchObject({
        code: 'CREDIT_NOTE_BALANCE_CHANGED',
        data: { requested: 700, available: 300, original: 1000, used: 700 },
      });
      const row = await server.ctx.db.kysely
        .selectFrom('vendor_credit_notes')
        .select(['balance', 'status'])
        .where('id', '=', cn)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ balance: 30000, status: 'active' });
      const used = await scalar(
        sql`select sum(used_amount) as v from credit_note_usage where credit_note = ${cn}`,
      );
      expect(used).toBe(70000);
    }
  });

  it("that together would exceed one delivery's due: exactly one succeeds", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const vendor = await kit.vendor();
      const d = await kit.delivery(vendor, 1000);
      const account = await kit.account(5000);
      const body = {
        vendor,
        account,
        amount: 600,
        delivery_allocations: [{ delivery: d, amount: 600 }],
      };
      const results = await Promise.all([kit.pay<ErrorBody>(body), kit.pay<ErrorBody>(body)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.status === 400)!.body).toMatchObject({
        code: 'ALLOCATION_EXCEEDS_DUE',
        data: { delivery: d, requested: 600, due: 400 },
      });
      const delivery = await kit.get<{ paid_amount: number; payment_status: string }>(
        `/deliveries/${d}`,
      );
      expect(delivery).toMatchObject({ paid_amount: 600, payment_status: 'partial' });
      const account_ = await kit.get<{ current_balance: number }>(`/accounts/${account}`);
      expect(account_.current_balance).toBe(4400);
    }
  });

  it('many payments from one account to different deliveries all land, with a true balance', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(10_000);
    const deliveries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => kit.delivery(vendor, 100 + i)),
    );
    const results = await Promise.all(
      deliveries.map((d, i) =>
        kit.pay({
          vendor,
          account,
          amount: 100 + i,
          delivery_allocations: [{ delivery: d, amount: 100 + i }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const balance = await kit.get<{ current_balance: number }>(`/accounts/${account}`);
    expect(balance.current_balance).toBe(10_000 - (8 * 100 + 28));
  });

  it('a delete giving a credit note back races a payment using it: the books stay true', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const vendor = await kit.vendor();
      const account = await kit.account(1000);
      const cn = await kit.creditNote(vendor, 100);
      const first = await kit.pay<{ id: string }>({
        vendor,
        account,
        amount: 150,
        credit_note_allocations: [{ credit_note: cn, amount: 100 }],
      });
      expect(first.status).toBe(201);
      const [deleted, paid] = await Promise.all([
        call(server.url, 'DELETE', kit.url(`/payments/${first.body.id}`), { token: owner.token }),
        kit.pay({
          vendor,
          amount: 100,
          credit_note_allocations: [{ credit_note: cn, amount: 100 }],
        }),
      ]);
      expect(deleted.status).toBe(204);
      expect([201, 409]).toContain(paid.status);
      const balance = await scalar(
        sql`select balance as v from vendor_credit_notes where id = ${cn}`,
      );
      const used = await scalar(
        sql`select coalesce(sum(used_amount), 0) as v from credit_note_usage where credit_note = ${cn}`,
      );
      expect(balance).toBe(10000 - used);
      expect(used).toBe(paid.status === 201 ? 10000 : 0);
      const current = await kit.get<{ current_balance: number }>(`/accounts/${account}`);
      expect(current.current_balance).toBe(1000);
    }
  });
});
