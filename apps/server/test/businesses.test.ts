/**
 * Businesses (issue 47) over HTTP on a real server and database: every site has one (a new site a
 * business of its own, or the one it names); the owner edits its profile and its TAN, which is
 * every site's; merging brings other businesses' sites in — previewed first (sites moving, TAN
 * changes, vendors that are one party), then done in one step; nobody else sees or merges them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;

interface Business {
  id: string;
  name: string;
  tan: string | null;
  pan: string | null;
  gstins: string[];
  sites: { id: string; name: string }[];
}
interface Merge {
  preview: boolean;
  business: Business;
  sites_moved: { id: string; from_business: string }[];
  tan_changes: { site: string; from: string | null; to: string | null }[];
  duplicate_vendors: { reason: string; vendors: { site: string }[] }[];
}
interface Site {
  id: string;
  business: string;
  tan: string | null;
}

async function ok<T>(who: Registered, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, path, { token: who.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

describe('businesses', () => {
  it('gives each new site a business of its own, or the one it names', async () => {
    const owner = await registerUser(server.url);
    const a = await createSite(server.url, owner.token, { name: 'Tower A', tan: 'MUMA12345B' });
    const siteA = await ok<Site>(owner, 'GET', `/api/sites/${a.id}`);
    const list = await ok<{ items: Business[] }>(owner, 'GET', '/api/businesses');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: siteA.business,
      name: 'Tower A',
      tan: 'MUMA12345B',
      sites: [{ id: a.id, name: 'Tower A' }],
    });
    // A site created into the business takes its TAN.
    const b = await ok<Site>(owner, 'POST', '/api/sites', {
      name: 'Tower B',
      total_units: 4,
      total_planned_area: 2000,
      business: siteA.business,
    });
    expect(b).toMatchObject({ business: siteA.business, tan: 'MUMA12345B' });
    // Another's business cannot be named.
    const stranger = await registerUser(server.url);
    const refused = await call<{ code: string }>(server.url, 'POST', '/api/sites', {
      token: stranger.token,
      body: { name: 'X', total_units: 1, total_planned_area: 1, business: siteA.business },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
  });

  it("edits the profile; the TAN is every site's, from the business or from a site", async () => {
    const owner = await registerUser(server.url);
    const a = await createSite(server.url, owner.token, { name: 'Tower A' });
    const { business } = await ok<Site>(owner, 'GET', `/api/sites/${a.id}`);
    const b = await ok<Site>(owner, 'POST', '/api/sites', {
      name: 'Tower B',
      total_units: 4,
      total_planned_area: 2000,
      business,
    });
    const edited = await ok<Business>(owner, 'PATCH', `/api/businesses/${business}`, {
      name: 'Rao Constructions',
      legal_name: 'Rao Constructions Pvt Ltd',
      gstins: ['27aapfu0939f1zv', '27AAPFU0939F1ZV'],
      pan: 'aapfu0939f',
      tan: 'PUNR12345C',
    });
    expect(edited).toMatchObject({
      name: 'Rao Constructions',
      gstins: ['27AAPFU0939F1ZV'],
      pan: 'AAPFU0939F',
      tan: 'PUNR12345C',
    });
    for (const id of [a.id, b.id]) {
      expect((await ok<Site>(owner, 'GET', `/api/sites/${id}`)).tan).toBe('PUNR12345C');
    }
    await ok(owner, 'PATCH', `/api/sites/${b.id}`, { tan: 'PUNR54321D' });
    expect((await ok<Site>(owner, 'GET', `/api/sites/${a.id}`)).tan).toBe('PUNR54321D');
    expect((await ok<Business>(owner, 'GET', `/api/businesses/${business}`)).tan).toBe(
      'PUNR54321D',
    );
    const bad = await call<{ code: string }>(server.url, 'PATCH', `/api/businesses/${business}`, {
      token: owner.token,
      body: { tan: 'NOT-A-TAN' },
    });
    expect(bad.status).toBe(400);
    // Not the owner's: not there.
    const stranger = await registerUser(server.url);
    for (const [method, path] of [
      ['GET', `/api/businesses/${business}`],
      ['PATCH', `/api/businesses/${business}`],
    ] as const) {
      const res = await call(server.url, method, path, {
        token: stranger.token,
        body: method === 'PATCH' ? { name: 'Mine now' } : undefined,
      });
      expect(res.status).toBe(404);
    }
  });

  it('merges two sites into one business after a preview, their TAN and vendors shown', async () => {
    const owner = await registerUser(server.url);
    const a = await createSite(server.url, owner.token, { name: 'Tower A', tan: 'MUMA12345B' });
    const b = await createSite(server.url, owner.token, { name: 'Tower B' });
    const bizA = (await ok<Site>(owner, 'GET', `/api/sites/${a.id}`)).business;
    const bizB = (await ok<Site>(owner, 'GET', `/api/sites/${b.id}`)).business;
    expect(bizA).not.toBe(bizB);
    for (const site of [a.id, b.id]) {
      await ok(owner, 'POST', `/api/sites/${site}/vendors`, {
        name: 'Sri Lakshmi Traders',
        gstin: '27AAPFU0939F1ZV',
      });
    }
    await ok(owner, 'POST', `/api/sites/${a.id}/vendors`, { name: 'Gupta Hardware' });
    await ok(owner, 'POST', `/api/sites/${b.id}/vendors`, { name: 'GUPTA HARDWARE' });

    const preview = await ok<Merge>(owner, 'POST', `/api/businesses/${bizA}/merge`, {
      businesses: [bizB],
      preview: true,
    });
    expect(preview.preview).toBe(true);
    expect(preview.sites_moved).toEqual([
      expect.objectContaining({ id: b.id, from_business: bizB }),
    ]);
    expect(preview.tan_changes).toEqual([
      { site: b.id, name: 'Tower B', from: null, to: 'MUMA12345B' },
    ]);
    expect(preview.duplicate_vendors.map((g) => [g.reason, g.vendors.length])).toEqual([
      ['gstin', 2],
      ['name', 2],
    ]);
    // The preview changed nothing.
    expect((await ok<Site>(owner, 'GET', `/api/sites/${b.id}`)).business).toBe(bizB);

    const merged = await ok<Merge>(owner, 'POST', `/api/businesses/${bizA}/merge`, {
      businesses: [bizB],
    });
    expect(merged.preview).toBe(false);
    expect(merged.business.sites.map((s) => s.name)).toEqual(['Tower A', 'Tower B']);
    expect(await ok<Site>(owner, 'GET', `/api/sites/${b.id}`)).toMatchObject({
      business: bizA,
      tan: 'MUMA12345B',
    });
    const list = await ok<{ items: Business[] }>(owner, 'GET', '/api/businesses');
    expect(list.items.map((x) => x.id)).toEqual([bizA]);
    // The merged business is gone: merging it again is refused.
    const again = await call<{ code: string }>(
      server.url,
      'POST',
      `/api/businesses/${bizA}/merge`,
      { token: owner.token, body: { businesses: [bizB] } },
    );
    expect(again.status).toBe(400);
  });

  it('refuses to merge what the caller does not own, and a member who is not the owner', async () => {
    const owner = await registerUser(server.url);
    const other = await registerUser(server.url);
    const a = await createSite(server.url, owner.token, { name: 'Mine' });
    const x = await createSite(server.url, other.token, { name: 'Theirs' });
    const bizA = (await ok<Site>(owner, 'GET', `/api/sites/${a.id}`)).business;
    const bizX = (await ok<Site>(other, 'GET', `/api/sites/${x.id}`)).business;
    const taken = await call<{ code: string }>(
      server.url,
      'POST',
      `/api/businesses/${bizA}/merge`,
      {
        token: owner.token,
        body: { businesses: [bizX] },
      },
    );
    expect(taken.status).toBe(400);
    expect((await ok<Site>(other, 'GET', `/api/sites/${x.id}`)).business).toBe(bizX);
    // An accountant of the owner's site does not own the business.
    await addMember(server, a.id, other.user.id, 'accountant');
    const notOwner = await call(server.url, 'POST', `/api/businesses/${bizA}/merge`, {
      token: other.token,
      body: { businesses: [bizX] },
    });
    expect(notOwner.status).toBe(404);
    const none = await call(server.url, 'POST', `/api/businesses/${bizA}/merge`, {
      token: owner.token,
      body: { businesses: [bizA] },
    });
    expect(none.status).toBe(400);
  });
});
