/**
 * Petty cash rules found by an audit (issue 46) over HTTP on a real server and database: a
 * replenishment is in the site's audit trail with what was paid back and from which account; only
 * the imprest's holder (or an owner) edits an expense and its photos; and a photo that was all an
 * expense waited for approves it as it is uploaded, with the imprest and the budget line moving
 * as an approval moves them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let other: Registered;
let accountant: Registered;
let siteId: string;
let account: string;

interface Imprest {
  id: string;
  approved_spend: number;
  pending_spend: number;
  balance: number;
  replenishment_due: number;
}
interface Expense {
  id: string;
  status: string;
  description: string;
  photos: string[];
  photo_required: boolean;
  decided_by: string | null;
  replenishment: string | null;
}
interface ErrorBody {
  code: string;
}
interface Entry {
  user: string | null;
  entity: string;
  record_id: string;
  action: string;
  changes: Record<string, { old: unknown; new: unknown }>;
}

const site = (p: string) => `/api/sites/${siteId}${p}`;
async function as<T>(who: Registered, method: string, path: string, body?: unknown) {
  return call<T>(server.url, method, path, { token: who.token, body });
}
async function ok<T>(who: Registered, method: string, path: string, body?: unknown): Promise<T> {
  const res = await as<T>(who, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
const history = async (entity: string, id: string) =>
  (await ok<{ items: Entry[] }>(owner, 'GET', site(`/audit/${entity}/${id}`))).items;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
function upload(who: Registered, expense: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'bill.png');
  return call<{ files: string[] } & ErrorBody>(
    server.url,
    'POST',
    site(`/petty_expenses/${expense}/files`),
    { token: who.token, rawBody: form },
  );
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url, { name: 'Suresh Supervisor' });
  other = await registerUser(server.url, { name: 'Ramesh Supervisor' });
  accountant = await registerUser(server.url, { name: 'Anil Accountant' });
  siteId = (await createSite(server.url, owner.token, { state_code: '27' })).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, other.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  account = (
    await ok<{ id: string }>(owner, 'POST', site('/accounts'), {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 500_000,
    })
  ).id;
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

async function imprest(holder: Registered = supervisor, amount = 20_000): Promise<Imprest> {
  return ok<Imprest>(owner, 'POST', site('/imprests'), {
    holder: holder.user.id,
    amount,
    issued_date: '2026-11-02',
    account,
  });
}

function spend(who: Registered, id: string, amount: number, description: string, extra = {}) {
  return ok<Expense>(who, 'POST', site('/petty_expenses'), {
    imprest: id,
    expense_date: '2026-11-05',
    amount,
    description,
    ...extra,
  });
}

describe('a replenishment in the audit trail', () => {
  it('keeps what was paid back, from which account, on the imprest and each expense it paid', async () => {
    const cash = await imprest();
    const diesel = await spend(supervisor, cash.id, 1950, 'Diesel for the mixer');
    const tea = await spend(supervisor, cash.id, 800, 'Tea for the gang');
    const waiting = await spend(supervisor, cash.id, 3000, 'Plumbing fittings');
    expect(waiting.status).toBe('pending');
    const refill = await ok<{ id: string; name: string }>(owner, 'POST', site('/accounts'), {
      name: 'Site cash box',
      type: 'cash',
      opening_balance: 10_000,
    });

    const refilled = await ok<Imprest>(accountant, 'POST', site(`/imprests/${cash.id}/replenish`), {
      account: refill.id,
      date: '2026-11-10',
    });
    expect(refilled).toMatchObject({ balance: 17_000, replenishment_due: 0 });
    const paid = await ok<Expense>(owner, 'GET', site(`/petty_expenses/${diesel.id}`));
    expect(paid.replenishment).not.toBeNull();

    const onImprest = (await history('imprests', cash.id)).filter((e) => e.action === 'update');
    expect(onImprest).toHaveLength(1);
    expect(onImprest[0]).toMatchObject({
      user: accountant.user.id,
      entity: 'imprests',
      record_id: cash.id,
      changes: {
        replenishment: { old: null, new: paid.replenishment },
        replenished_amount: { old: null, new: 2750 },
        replenished_from: { old: null, new: refill.id },
        replenished_date: { old: null, new: '2026-11-10' },
        balance: { old: 14_250, new: 17_000 },
        replenishment_due: { old: 2750, new: 0 },
      },
    });
    // The activity log lists it with the site's other changes.
    const log = await ok<{ items: Entry[] }>(
      owner,
      'GET',
      site(`/audit?entity=imprests&record=${cash.id}&action=update`),
    );
    expect(log.items.map((e) => e.changes.replenished_amount?.new)).toEqual([2750]);

    // Each expense paid back has the replenishment in its history; the waiting one does not.
    for (const e of [diesel, tea]) {
      const entries = (await history('petty_expenses', e.id)).filter((x) => x.action === 'update');
      expect(entries.map((x) => x.changes)).toEqual([
        { replenishment: { old: null, new: paid.replenishment } },
      ]);
    }
    expect(
      (await history('petty_expenses', waiting.id)).filter((x) => x.action === 'update'),
    ).toEqual([]);

    // A refused replenishment (nothing approved since) writes nothing to the trail.
    const again = await as<ErrorBody>(accountant, 'POST', site(`/imprests/${cash.id}/replenish`), {
      account: refill.id,
      date: '2026-11-11',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('NOTHING_TO_PAY');
    expect((await history('imprests', cash.id)).filter((e) => e.action === 'update')).toHaveLength(
      1,
    );
  });
});

describe('only the holder (or an owner) writes an expense', () => {
  it('refuses another supervisor’s edit, photos and delete; lets the holder and the owner edit', async () => {
    const cash = await imprest();
    const e = await spend(supervisor, cash.id, 3000, 'Plumbing fittings');

    const edit = await as<ErrorBody>(other, 'PATCH', site(`/petty_expenses/${e.id}`), {
      description: 'Changed by someone else',
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('PERMISSION_DENIED');
    const photo = await upload(other, e.id);
    expect(photo.status).toBe(403);
    expect(photo.body.code).toBe('PERMISSION_DENIED');
    const removed = await as<ErrorBody>(other, 'DELETE', site(`/petty_expenses/${e.id}`));
    expect(removed.status).toBe(403);
    expect(removed.body.code).toBe('PERMISSION_DENIED');
    const unchanged = await ok<Expense>(owner, 'GET', site(`/petty_expenses/${e.id}`));
    expect(unchanged).toMatchObject({ description: 'Plumbing fittings', photos: [] });
    expect((await history('petty_expenses', e.id)).map((x) => x.action)).toEqual(['create']);

    // The holder's own photo; another supervisor may not take it off either.
    const mine = await upload(supervisor, e.id);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const name = mine.body.files[0]!;
    const takeOff = await as<ErrorBody>(
      other,
      'DELETE',
      site(`/petty_expenses/${e.id}/files/${name}`),
    );
    expect(takeOff.status).toBe(403);
    expect(takeOff.body.code).toBe('PERMISSION_DENIED');

    expect(
      await ok<Expense>(supervisor, 'PATCH', site(`/petty_expenses/${e.id}`), {
        description: 'Plumbing fittings, elbows',
      }),
    ).toMatchObject({ description: 'Plumbing fittings, elbows' });
    expect(
      await ok<Expense>(owner, 'PATCH', site(`/petty_expenses/${e.id}`), {
        description: 'Plumbing fittings (owner)',
      }),
    ).toMatchObject({ description: 'Plumbing fittings (owner)' });
    expect((await upload(owner, e.id)).status).toBe(200);
    // Accountants do not edit expenses at all (no update permission).
    expect(
      (
        await as(accountant, 'PATCH', site(`/petty_expenses/${e.id}`), {
          description: 'Accountant',
        })
      ).status,
    ).toBe(403);
    // Still the holder's own, deletable by an owner.
    await ok(owner, 'DELETE', site(`/petty_expenses/${e.id}`));
  });

  it('lets the other supervisor edit his own imprest’s expense', async () => {
    const theirs = await imprest(other, 5000);
    const e = await spend(other, theirs.id, 2500, 'Generator repair');
    expect((await as(supervisor, 'PATCH', site(`/petty_expenses/${e.id}`), {})).status).toBe(403);
    expect(
      await ok<Expense>(other, 'PATCH', site(`/petty_expenses/${e.id}`), {
        description: 'Generator repair, new starter',
      }),
    ).toMatchObject({ description: 'Generator repair, new starter' });
  });
});

describe('a photo that was all an expense waited for', () => {
  it('approves it as it is uploaded, moving the imprest and the budget line as an approval does', async () => {
    await ok(owner, 'PATCH', `/api/sites/${siteId}`, { petty_photo_above: 500 });
    const line = await ok<{ id: string }>(owner, 'POST', site('/budget_lines'), {
      head: 'material',
      name: 'Cement',
      amount: 50_000,
    });
    const cash = await imprest();
    const small = await spend(supervisor, cash.id, 300, 'Nails');
    expect(small).toMatchObject({ status: 'approved', photo_required: false });
    const cement = await spend(supervisor, cash.id, 900, 'Cement bag, local shop', {
      budget_line: line.id,
    });
    // Within the ₹2,000 threshold but above the ₹500 photo amount: it waits for its photo.
    expect(cement).toMatchObject({ status: 'pending', photo_required: true, photos: [] });
    const big = await spend(supervisor, cash.id, 3000, 'Water tanker');
    expect(big).toMatchObject({ status: 'pending', photo_required: true });
    expect(await ok<Imprest>(owner, 'GET', site(`/imprests/${cash.id}`))).toMatchObject({
      approved_spend: 300,
      pending_spend: 3900,
      balance: 15_800,
    });
    expect(
      (await ok<{ actual: number }>(owner, 'GET', site(`/budget_lines/${line.id}`))).actual,
    ).toBe(0);

    const sent = await upload(supervisor, cement.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const approved = await ok<Expense>(supervisor, 'GET', site(`/petty_expenses/${cement.id}`));
    // Approved by the site's rules, as it would have been with the photo at entry: no owner decided.
    expect(approved).toMatchObject({ status: 'approved', photo_required: false, decided_by: null });
    expect(approved.photos).toHaveLength(1);
    expect(await ok<Imprest>(owner, 'GET', site(`/imprests/${cash.id}`))).toMatchObject({
      approved_spend: 1200,
      pending_spend: 3000,
      balance: 15_800,
      replenishment_due: 1200,
    });
    expect(
      (await ok<{ actual: number }>(owner, 'GET', site(`/budget_lines/${line.id}`))).actual,
    ).toBe(900);
    const decided = (await history('petty_expenses', cement.id)).filter(
      (x) => x.action === 'update',
    );
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({
      user: supervisor.user.id,
      changes: { status: { old: 'pending', new: 'approved' } },
    });

    // Above the threshold the photo is not enough: it waits for the owner, who may now approve.
    expect((await upload(supervisor, big.id)).status).toBe(200);
    const stillWaiting = await ok<Expense>(owner, 'GET', site(`/petty_expenses/${big.id}`));
    expect(stillWaiting).toMatchObject({ status: 'pending', photo_required: false });
    expect(
      await ok<Expense>(owner, 'POST', site(`/petty_expenses/${big.id}/approve`)),
    ).toMatchObject({ status: 'approved', decided_by: owner.user.id });

    // Taking the photo off afterwards leaves the approval standing.
    const name = approved.photos[0]!;
    await ok(supervisor, 'DELETE', site(`/petty_expenses/${cement.id}/files/${name}`));
    expect(await ok<Expense>(owner, 'GET', site(`/petty_expenses/${cement.id}`))).toMatchObject({
      status: 'approved',
      photos: [],
      photo_required: false,
    });

    // The owner may still put his name to the rules' approval (his list may have shown it
    // pending), once; and it is paid back with the rest.
    await upload(supervisor, cement.id);
    expect(
      await ok<Expense>(owner, 'POST', site(`/petty_expenses/${cement.id}/approve`)),
    ).toMatchObject({ status: 'approved', decided_by: owner.user.id });
    const twice = await as<ErrorBody>(owner, 'POST', site(`/petty_expenses/${cement.id}/approve`));
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('INVALID_STATUS');
    expect(
      await ok<Imprest>(accountant, 'POST', site(`/imprests/${cash.id}/replenish`), {
        account,
        date: '2026-11-10',
      }),
    ).toMatchObject({ balance: 20_000, replenishment_due: 0 });
  });

  it('leaves a rejected expense rejected, and an expense waiting without a photo rule alone', async () => {
    await ok(owner, 'PATCH', `/api/sites/${siteId}`, { petty_photo_above: 500 });
    const cash = await imprest();
    const e = await spend(supervisor, cash.id, 900, 'Dinner');
    await ok(owner, 'POST', site(`/petty_expenses/${e.id}/reject`), { reason: 'Not a site cost' });
    expect((await upload(supervisor, e.id)).status).toBe(200);
    expect(await ok<Expense>(owner, 'GET', site(`/petty_expenses/${e.id}`))).toMatchObject({
      status: 'rejected',
      photo_required: false,
    });

    // No photo amount: above the threshold a photo changes nothing.
    await ok(owner, 'PATCH', `/api/sites/${siteId}`, { petty_photo_above: null });
    const tanker = await spend(supervisor, cash.id, 2500, 'Water tanker');
    expect(tanker).toMatchObject({ status: 'pending', photo_required: false });
    expect((await upload(supervisor, tanker.id)).status).toBe(200);
    expect((await ok<Expense>(owner, 'GET', site(`/petty_expenses/${tanker.id}`))).status).toBe(
      'pending',
    );
  });

  it('documents photo_required in /api/openapi.json', async () => {
    const doc = await call<unknown>(server.url, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(JSON.stringify(doc.body)).toContain('"photo_required"');
  });
});
