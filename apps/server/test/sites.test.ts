import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

interface SiteBody {
  id: string;
  name: string;
  description: string | null;
  total_units: number;
  total_planned_area: number;
  admin_user: string;
  is_active: boolean;
  role?: string;
}

describe('create and list sites', () => {
  it('creates a site; the creator becomes owner and the site gets the default plan', async () => {
    const owner = await registerUser(server.url);
    const res = await call<SiteBody>(server.url, 'POST', '/api/sites', {
      token: owner.token,
      body: {
        name: '  Shanti Nagar Phase 2 ',
        description: 'Twin towers',
        total_units: 48,
        total_planned_area: 52000.5,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Shanti Nagar Phase 2',
      description: 'Twin towers',
      total_units: 48,
      total_planned_area: 52000.5,
      admin_user: owner.user.id,
      is_active: true,
      role: 'owner',
    });
    expect(res.body.id).toMatch(/^[a-z0-9]{15}$/);

    const list = await call<{ items: SiteBody[] }>(server.url, 'GET', '/api/sites', {
      token: owner.token,
    });
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: res.body.id, role: 'owner', total_units: 48 }),
    ]);

    const sub = await server.ctx.db.kysely
      .selectFrom('site_subscriptions')
      .innerJoin('subscription_plans', 'subscription_plans.id', 'site_subscriptions.plan_id')
      .select([
        'subscription_plans.name',
        'site_subscriptions.status',
        'site_subscriptions.auto_renew',
      ])
      .where('site_subscriptions.site_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ name: 'Free', status: 'active', auto_renew: 0 });

    const members = await call<{ items: unknown[] }>(
      server.url,
      'GET',
      `/api/sites/${res.body.id}/members`,
      { token: owner.token },
    );
    expect(members.status).toBe(200);
    expect(members.body.items).toEqual([
      {
        user: { id: owner.user.id, name: owner.user.name, email: owner.email },
        role: 'owner',
        assigned_at: expect.any(String),
        assigned_by: owner.user.id,
      },
    ]);
  });

  it('validates name, units ≥ 1 and area ≥ 1, and writes nothing on error', async () => {
    const owner = await registerUser(server.url);
    for (const body of [
      { name: '', total_units: 1, total_planned_area: 1 },
      { name: 'X', total_units: 0, total_planned_area: 100 },
      { name: 'X', total_units: 1.5, total_planned_area: 100 },
      { name: 'X', total_units: 10, total_planned_area: 0 },
      { name: 'X', total_units: 10 },
      { name: 'X', total_units: '10', total_planned_area: 100 },
    ]) {
      const res = await call<{ code: string; data: Record<string, unknown> }>(
        server.url,
        'POST',
        '/api/sites',
        { token: owner.token, body },
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.data).length).toBeGreaterThan(0);
    }
    const list = await call<{ items: unknown[] }>(server.url, 'GET', '/api/sites', {
      token: owner.token,
    });
    expect(list.body.items).toHaveLength(0);
  });

  it('the Free plan allows one owned site: the second is 403 LIMIT_EXCEEDED (resource sites)', async () => {
    const owner = await registerUser(server.url);
    const before = await call(server.url, 'GET', '/api/me/site-allowance', { token: owner.token });
    expect(before.body).toEqual({ owned: 0, max_sites: 1, can_create: true });
    await createSite(server.url, owner.token);
    const second = await call(server.url, 'POST', '/api/sites', {
      token: owner.token,
      body: { name: 'Second', total_units: 1, total_planned_area: 1 },
    });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      data: { resource: 'sites', limit: 1, count: 1 },
    });
    expect((second.body as { message: string }).message).toMatch(/at most 1 site/);
    const after = await call(server.url, 'GET', '/api/me/site-allowance', { token: owner.token });
    expect(after.body).toEqual({ owned: 1, max_sites: 1, can_create: false });
  });

  it('two creates racing for the last free slot do not both succeed', async () => {
    const owner = await registerUser(server.url);
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        call(server.url, 'POST', '/api/sites', {
          token: owner.token,
          body: { name: `Race ${n}`, total_units: 1, total_planned_area: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    const list = await call<{ items: unknown[] }>(server.url, 'GET', '/api/sites', {
      token: owner.token,
    });
    expect(list.body.items).toHaveLength(1);
  });

  it('membership of someone else’s site does not count toward my owned sites', async () => {
    const other = await registerUser(server.url);
    const otherSite = await createSite(server.url, other.token);
    const me = await registerUser(server.url);
    await addMember(server, otherSite.id, me.user.id, 'supervisor');
    const mine = await call(server.url, 'POST', '/api/sites', {
      token: me.token,
      body: { name: 'Mine', total_units: 2, total_planned_area: 10 },
    });
    expect(mine.status).toBe(201);
    const list = await call<{ items: SiteBody[] }>(server.url, 'GET', '/api/sites', {
      token: me.token,
    });
    expect(list.body.items.map((s) => s.role).sort()).toEqual(['owner', 'supervisor']);
  });
});

describe('roles on a site', () => {
  let owner: Registered;
  let supervisor: Registered;
  let accountant: Registered;
  let stranger: Registered;
  let siteId: string;

  beforeAll(async () => {
    owner = await registerUser(server.url);
    supervisor = await registerUser(server.url);
    accountant = await registerUser(server.url);
    stranger = await registerUser(server.url);
    siteId = (await createSite(server.url, owner.token)).id;
    await addMember(server, siteId, supervisor.user.id, 'supervisor');
    await addMember(server, siteId, accountant.user.id, 'accountant');
    await createSite(server.url, stranger.token, { name: 'Stranger site' });
  });

  it('every member can read the site and its members; a non-member gets 403 ACCESS_DENIED', async () => {
    for (const [user, role] of [
      [owner, 'owner'],
      [supervisor, 'supervisor'],
      [accountant, 'accountant'],
    ] as const) {
      const res = await call(server.url, 'GET', `/api/sites/${siteId}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: siteId, role });
      expect(
        (await call(server.url, 'GET', `/api/sites/${siteId}/members`, { token: user.token }))
          .status,
      ).toBe(200);
    }
    for (const url of [`/api/sites/${siteId}`, `/api/sites/${siteId}/members`]) {
      const res = await call(server.url, 'GET', url, { token: stranger.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ACCESS_DENIED' });
    }
    const missing = await call(server.url, 'GET', '/api/sites/zzzzzzzzzzzzzzz', {
      token: owner.token,
    });
    expect(missing.body).toMatchObject({ code: 'ACCESS_DENIED' });
    expect((await call(server.url, 'GET', `/api/sites/${siteId}`)).status).toBe(401);
  });

  it('owner and supervisor update the site; an accountant gets PERMISSION_DENIED', async () => {
    const byOwner = await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { name: 'Renamed by owner', total_units: 30 },
    });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({
      name: 'Renamed by owner',
      total_units: 30,
      total_planned_area: 18000,
    });
    const bySupervisor = await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: supervisor.token,
      body: { description: 'Updated on site' },
    });
    expect(bySupervisor.status).toBe(200);
    expect(bySupervisor.body).toMatchObject({ description: 'Updated on site', role: 'supervisor' });
    const byAccountant = await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: accountant.token,
      body: { name: 'Nope' },
    });
    expect(byAccountant.status).toBe(403);
    expect(byAccountant.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot update site',
    });
    const byStranger = await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: stranger.token,
      body: { name: 'Nope' },
    });
    expect(byStranger.body).toMatchObject({ code: 'ACCESS_DENIED' });
    const invalid = await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { total_units: 0, total_planned_area: 0.5 },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as { data: object }).data).sort()).toEqual([
      'total_planned_area',
      'total_units',
    ]);
    const current = await call(server.url, 'GET', `/api/sites/${siteId}`, { token: owner.token });
    expect(current.body).toMatchObject({ name: 'Renamed by owner', total_units: 30 });
  });

  it('only an owner disowns; then the site is inactive, roles are disowned and nobody gets in', async () => {
    for (const user of [supervisor, accountant]) {
      const res = await call(server.url, 'POST', `/api/sites/${siteId}/disown`, {
        token: user.token,
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PERMISSION_DENIED',
        message: 'Permission denied: Only owners can delete a site',
      });
    }
    const hi = await call(server.url, 'POST', `/api/sites/${siteId}/disown`, {
      token: supervisor.token,
      lang: 'hi',
    });
    expect((hi.body as { message: string }).message).toMatch(/केवल मालिक/);

    const res = await call(server.url, 'POST', `/api/sites/${siteId}/disown`, {
      token: owner.token,
    });
    expect(res.status).toBe(204);
    const site = await server.ctx.db.kysely
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', siteId)
      .executeTakeFirstOrThrow();
    expect(site.is_active).toBe(0);
    expect(site.deleted_at).not.toBeNull();
    const purgeDays = (Date.parse(site.purge_after!) - Date.parse(site.deleted_at!)) / 86_400_000;
    expect(purgeDays).toBe(30);
    const roles = await server.ctx.db.kysely
      .selectFrom('site_users')
      .selectAll()
      .where('site_id', '=', siteId)
      .execute();
    expect(roles).toHaveLength(3);
    for (const role of roles) {
      expect(role.is_active).toBe(0);
      expect(role.disowned_at).not.toBeNull();
    }
    for (const user of [owner, supervisor, accountant]) {
      const get = await call(server.url, 'GET', `/api/sites/${siteId}`, { token: user.token });
      expect(get.status).toBe(403);
      expect(get.body).toMatchObject({ code: 'ACCESS_DENIED' });
      const list = await call<{ items: SiteBody[] }>(server.url, 'GET', '/api/sites', {
        token: user.token,
      });
      expect(list.body.items.find((s) => s.id === siteId)).toBeUndefined();
    }
    // The disowned site no longer counts toward the owner's site limit.
    expect(
      (
        await call(server.url, 'POST', '/api/sites', {
          token: owner.token,
          body: { name: 'Fresh start', total_units: 1, total_planned_area: 1 },
        })
      ).status,
    ).toBe(201);
  });
});

describe('DEFAULT_PLAN', () => {
  it('DEFAULT_PLAN=Basic gives new sites the Basic plan and allows 3 owned sites', async () => {
    const basic = await startServer({ DEFAULT_PLAN: 'Basic' });
    try {
      const owner = await registerUser(basic.url);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await call(basic.url, 'POST', '/api/sites', {
              token: owner.token,
              body: { name: `S${i}`, total_units: 1, total_planned_area: 1 },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 403]);
      const plans = await basic.ctx.db.kysely
        .selectFrom('subscription_plans')
        .select(['name', 'is_default', 'max_sites', 'max_items', 'max_deliveries'])
        .orderBy('name')
        .execute();
      expect(plans).toEqual([
        { name: 'Basic', is_default: 1, max_sites: 3, max_items: -1, max_deliveries: -1 },
        { name: 'Free', is_default: 0, max_sites: 1, max_items: 1, max_deliveries: 5 },
      ]);
    } finally {
      await basic.close();
    }
  });
});
