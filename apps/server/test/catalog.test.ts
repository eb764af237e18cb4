import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember, insertDelivery } from './helpers/fixtures.js';
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

interface Tag {
  id: string;
  name: string;
  color: string;
  type: string;
  usage_count: number;
}
interface Item {
  id: string;
  name: string;
  unit: string;
  tags: string[];
  stock_quantity: number;
  total_delivered: number;
  average_price: number;
  expand?: { tags?: Tag[] };
}
interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;

describe('tags', () => {
  it('trims names, picks unused palette colours, and finds an existing tag instead of duplicating', async () => {
    const colors = new Set<string>();
    for (const name of ['  Cement ', 'Steel', 'Sand', 'Bricks']) {
      const res = await call<Tag>(server.url, 'POST', url('/tags'), {
        token: owner.token,
        body: { name },
      });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe(name.trim());
      expect(res.body.type).toBe('custom');
      expect(res.body.usage_count).toBe(0);
      expect(res.body.color).toMatch(/^#[0-9a-f]{6}$/);
      colors.add(res.body.color);
    }
    expect(colors.size).toBe(4);
    const again = await call<Tag>(server.url, 'POST', url('/tags'), {
      token: owner.token,
      body: { name: 'Cement  ' },
    });
    expect(again.status).toBe(200);
    const list = await call<Page<Tag>>(server.url, 'GET', url('/tags?q=cem'), {
      token: owner.token,
    });
    expect(list.body.items.map((t) => t.name)).toEqual(['Cement']);
    const specialty = await call<Tag>(server.url, 'POST', url('/tags'), {
      token: owner.token,
      body: { name: 'Cement', type: 'specialty' },
    });
    expect(specialty.status).toBe(201);
    const bad = await call(server.url, 'POST', url('/tags'), {
      token: owner.token,
      body: { name: '   ' },
    });
    expect(bad.status).toBe(400);
    const badType = await call(server.url, 'POST', url('/tags'), {
      token: owner.token,
      body: { name: 'X', type: 'weird' },
    });
    expect(badType.status).toBe(400);
  });

  it('keeps usage_count true and lists by usage_count desc then name', async () => {
    const mk = async (name: string) =>
      (
        await call<Tag>(server.url, 'POST', url('/tags'), {
          token: owner.token,
          body: { name, type: 'item_category' },
        })
      ).body;
    const a = await mk('Alpha');
    const b = await mk('Beta');
    const c = await mk('Gamma');
    const item1 = await call<Item>(server.url, 'POST', url('/items'), {
      token: owner.token,
      body: { name: 'Tagged 1', unit: 'kg', tags: [c.id, b.id] },
    });
    expect(item1.status).toBe(201);
    expect(item1.body.tags.sort()).toEqual([b.id, c.id].sort());
    await call(server.url, 'POST', url('/items'), {
      token: owner.token,
      body: { name: 'Tagged 2', unit: 'kg', tags: [c.id] },
    });
    const list = await call<Page<Tag>>(server.url, 'GET', url('/tags?type=item_category'), {
      token: owner.token,
    });
    expect(list.body.items.map((t) => [t.name, t.usage_count])).toEqual([
      ['Gamma', 2],
      ['Beta', 1],
      ['Alpha', 0],
    ]);
    // Retagging moves the counts; deleting the item releases its tags.
    await call(server.url, 'PATCH', url(`/items/${item1.body.id}`), {
      token: owner.token,
      body: { tags: [a.id] },
    });
    const after = await call<Page<Tag>>(server.url, 'GET', url('/tags?type=item_category'), {
      token: owner.token,
    });
    expect(after.body.items.map((t) => [t.name, t.usage_count])).toEqual([
      ['Alpha', 1],
      ['Gamma', 1],
      ['Beta', 0],
    ]);
    expect(
      (await call(server.url, 'DELETE', url(`/items/${item1.body.id}`), { token: owner.token }))
        .status,
    ).toBe(204);
    const final = await call<Tag>(server.url, 'GET', url(`/tags/${a.id}`), { token: owner.token });
    expect(final.body.usage_count).toBe(0);
  });

  it("refuses another site's tag on an item (400) and changes nothing", async () => {
    const foreign = await call<Tag>(server.url, 'POST', url('/tags', otherSiteId), {
      token: otherOwner.token,
      body: { name: 'Foreign' },
    });
    const res = await call<{ code: string; data: Record<string, unknown> }>(
      server.url,
      'POST',
      url('/items'),
      {
        token: owner.token,
        body: { name: 'Sneaky', unit: 'kg', tags: [foreign.body.id] },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.data.tags).toBeDefined();
    const list = await call<Page<Item>>(server.url, 'GET', url('/items?q=sneaky'), {
      token: owner.token,
    });
    expect(list.body.totalItems).toBe(0);
    const tag = await call<Tag>(server.url, 'GET', url(`/tags/${foreign.body.id}`, otherSiteId), {
      token: otherOwner.token,
    });
    expect(tag.body.usage_count).toBe(0);
  });
});

describe('items', () => {
  it('creates with the Indian units, validates, and lists with pagination, search, filter and sort', async () => {
    for (const [name, unit] of [
      ['OPC Cement 53 grade', 'bag'],
      ['TMT Bar 12mm', 'MT'],
      ['River sand', 'brass'],
      ['Red bricks', 'nos'],
      ['PVC pipe 4in', 'rft'],
    ] as const) {
      const res = await call<Item>(server.url, 'POST', url('/items'), {
        token: supervisor.token,
        body: { name, unit, description: `${name} for block A` },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name,
        unit,
        tags: [],
        stock_quantity: 0,
        total_delivered: 0,
        average_price: 0,
      });
    }
    for (const body of [
      { name: '', unit: 'kg' },
      { name: 'X', unit: 'furlong' },
      { name: 'X' },
      { name: 'x'.repeat(201), unit: 'kg' },
    ]) {
      const res = await call(server.url, 'POST', url('/items'), { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const page1 = await call<Page<Item>>(server.url, 'GET', url('/items?perPage=2&sort=name'), {
      token: accountant.token,
    });
    expect(page1.body.perPage).toBe(2);
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.totalItems).toBeGreaterThanOrEqual(5);
    expect(page1.body.totalPages).toBe(Math.ceil(page1.body.totalItems / 2));
    const page2 = await call<Page<Item>>(
      server.url,
      'GET',
      url('/items?perPage=2&page=2&sort=name'),
      { token: accountant.token },
    );
    expect(page2.body.items[0]!.name.toLowerCase() >= page1.body.items[1]!.name.toLowerCase()).toBe(
      true,
    );
    const desc = await call<Page<Item>>(server.url, 'GET', url('/items?sort=-name&perPage=500'), {
      token: owner.token,
    });
    const names = desc.body.items.map((i) => i.name);
    const lower = (a: string, b: string) =>
      a.toLowerCase() < b.toLowerCase() ? 1 : a.toLowerCase() > b.toLowerCase() ? -1 : 0;
    expect(names).toEqual([...names].sort(lower));
    const search = await call<Page<Item>>(server.url, 'GET', url('/items?q=TMT'), {
      token: owner.token,
    });
    expect(search.body.items.map((i) => i.name)).toEqual(['TMT Bar 12mm']);
    const byUnit = await call<Page<Item>>(server.url, 'GET', url('/items?unit=brass'), {
      token: owner.token,
    });
    expect(byUnit.body.items.map((i) => i.name)).toEqual(['River sand']);
    const skip = await call<Page<Item>>(server.url, 'GET', url('/items?skipTotal=1'), {
      token: owner.token,
    });
    expect(skip.body.totalItems).toBe(-1);
    expect(
      (await call(server.url, 'GET', url('/items?sort=password_hash'), { token: owner.token }))
        .status,
    ).toBe(400);
    expect(
      (await call(server.url, 'GET', url('/items?perPage=501'), { token: owner.token })).status,
    ).toBe(400);
    const wildcard = await call<Page<Item>>(server.url, 'GET', url('/items?q=%25'), {
      token: owner.token,
    });
    expect(wildcard.body.totalItems).toBe(0);
  });

  it('permissions: accountant cannot create or update, supervisor cannot delete, strangers get ACCESS_DENIED', async () => {
    const item = (
      await call<Item>(server.url, 'POST', url('/items'), {
        token: owner.token,
        body: { name: 'Perm test', unit: 'pcs' },
      })
    ).body;
    const create = await call(server.url, 'POST', url('/items'), {
      token: accountant.token,
      body: { name: 'No', unit: 'pcs' },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot create items',
    });
    const update = await call(server.url, 'PATCH', url(`/items/${item.id}`), {
      token: accountant.token,
      body: { name: 'No' },
    });
    expect(update.body).toMatchObject({ message: 'Permission denied: Cannot update items' });
    const del = await call(server.url, 'DELETE', url(`/items/${item.id}`), {
      token: supervisor.token,
    });
    expect(del.status).toBe(403);
    expect(del.body).toMatchObject({ message: 'Permission denied: Cannot delete items' });
    const stranger = await call(server.url, 'GET', url(`/items/${item.id}`), {
      token: otherOwner.token,
    });
    expect(stranger.body).toMatchObject({ code: 'ACCESS_DENIED' });
    const upd = await call<Item>(server.url, 'PATCH', url(`/items/${item.id}`), {
      token: supervisor.token,
      body: { name: 'Perm test 2', unit: 'box' },
    });
    expect(upd.body).toMatchObject({ name: 'Perm test 2', unit: 'box' });
  });

  it("another site's item id answers 404, read or write, and nothing changes", async () => {
    const foreign = (
      await call<Item>(server.url, 'POST', url('/items', otherSiteId), {
        token: otherOwner.token,
        body: { name: 'Theirs', unit: 'kg' },
      })
    ).body;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(server.url, method, url(`/items/${foreign.id}`), {
        token: owner.token,
        body,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(
      (await call(server.url, 'GET', url(`/items/${foreign.id}/stats`), { token: owner.token }))
        .status,
    ).toBe(404);
    const still = await call<Item>(server.url, 'GET', url(`/items/${foreign.id}`, otherSiteId), {
      token: otherOwner.token,
    });
    expect(still.body.name).toBe('Theirs');
  });

  it('computes total delivered, stock and weighted average price, and the stats of the detail page', async () => {
    const item = (
      await call<Item>(server.url, 'POST', url('/items'), {
        token: owner.token,
        body: { name: 'Cement stats', unit: 'bag' },
      })
    ).body;
    await insertDelivery(server, siteId, {
      date: '2026-01-10',
      lines: [{ item: item.id, quantityMilli: 100_000, unitPricePaise: 38_000 }],
    });
    await insertDelivery(server, siteId, {
      date: '2026-02-05',
      lines: [{ item: item.id, quantityMilli: 50_500, unitPricePaise: 39_050 }],
    });
    const res = await call<Item>(server.url, 'GET', url(`/items/${item.id}?expand=tags`), {
      token: accountant.token,
    });
    expect(res.body.total_delivered).toBe(150.5);
    expect(res.body.stock_quantity).toBe(150.5);
    // (100 × 380 + 50.5 × 390.50) / 150.5 = 383.52…
    expect(res.body.average_price).toBe(383.52);
    const stats = await call<{
      deliveries: {
        delivery_date: string;
        quantity: number;
        unit_price: number;
        total_amount: number;
      }[];
      price: unknown;
      trend: unknown;
    }>(server.url, 'GET', url(`/items/${item.id}/stats`), { token: accountant.token });
    expect(stats.status).toBe(200);
    expect(
      stats.body.deliveries.map((d) => [d.delivery_date, d.quantity, d.unit_price, d.total_amount]),
    ).toEqual([
      ['2026-02-05', 50.5, 390.5, 19720.25],
      ['2026-01-10', 100, 380, 38000],
    ]);
    expect(stats.body.price).toEqual({ lowest: 380, highest: 390.5, average: 383.52 });
    expect(stats.body.trend).toEqual([
      { date: '2026-01-10', unit_price: 380 },
      { date: '2026-02-05', unit_price: 390.5 },
    ]);
    const del = await call(server.url, 'DELETE', url(`/items/${item.id}`), { token: owner.token });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'RECORD_IN_USE' });
  });
});

describe('item deletion', () => {
  it('an item named by a quotation cannot be deleted (409 RECORD_IN_USE); the quotation stays', async () => {
    const item = (
      await call<Item>(server.url, 'POST', url('/items'), {
        token: owner.token,
        body: { name: 'Quoted tile', unit: 'box' },
      })
    ).body;
    const vendor = (
      await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
        token: owner.token,
        body: { name: 'Tile House' },
      })
    ).body;
    const quotation = await call<{ id: string }>(server.url, 'POST', url('/quotations'), {
      token: owner.token,
      body: { vendor: vendor.id, quotation_type: 'item', item: item.id, unit_price: 450 },
    });
    expect(quotation.status).toBe(201);
    const del = await call(server.url, 'DELETE', url(`/items/${item.id}`), { token: owner.token });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'RECORD_IN_USE' });
    expect(
      (
        await call(server.url, 'GET', url(`/quotations/${quotation.body.id}`), {
          token: owner.token,
        })
      ).status,
    ).toBe(200);
  });
});

describe('sorting text', () => {
  it('sorts names without regard to case, the same on every database', async () => {
    for (const name of ['zeta board', 'Alpha board', 'beta board', 'Delta board']) {
      await call(server.url, 'POST', url('/items'), {
        token: owner.token,
        body: { name, unit: 'sheet' },
      });
    }
    const res = await call<Page<Item>>(server.url, 'GET', url('/items?unit=sheet&sort=name'), {
      token: owner.token,
    });
    expect(res.body.items.map((i) => i.name)).toEqual([
      'Alpha board',
      'beta board',
      'Delta board',
      'zeta board',
    ]);
  });
});

describe('managing tags (rename, recolour, delete)', () => {
  const tag = async (name: string, type = 'custom') => {
    const res = await call<Tag>(server.url, 'POST', url('/tags'), {
      token: owner.token,
      body: { name, type },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const patch = <T>(id: string, body: unknown, token = owner.token) =>
    call<T>(server.url, 'PATCH', url(`/tags/${id}`), { token, body });

  it('renames (trimmed) and recolours; a name taken by another tag of the type is 409 ALREADY_EXISTS', async () => {
    const mortar = await tag('Mortar', 'item_category');
    const grout = await tag('Grout', 'item_category');
    const item = await call<Item>(server.url, 'POST', url('/items'), {
      token: owner.token,
      body: { name: 'Tile adhesive', unit: 'bag', tags: [mortar.id] },
    });
    const renamed = await patch<Tag>(
      mortar.id,
      { name: '  Mortar & plaster ', color: '#8B5CF6' },
      supervisor.token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: mortar.id,
      name: 'Mortar & plaster',
      color: '#8b5cf6',
      type: 'item_category',
      usage_count: 1,
    });
    // The records that carry it show the new name at once (they link to the tag).
    const shown = await call<Item>(server.url, 'GET', url(`/items/${item.body.id}?expand=tags`), {
      token: owner.token,
    });
    expect(shown.body.expand?.tags?.map((t) => [t.name, t.color])).toEqual([
      ['Mortar & plaster', '#8b5cf6'],
    ]);

    const taken = await patch<{ code: string; message: string; data: Record<string, unknown> }>(
      grout.id,
      { name: ' Mortar & plaster', color: '#ef4444' },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('ALREADY_EXISTS');
    expect(taken.body.message).toBe('A tag named "Mortar & plaster" already exists');
    const unchanged = await call<Tag>(server.url, 'GET', url(`/tags/${grout.id}`), {
      token: owner.token,
    });
    expect(unchanged.body).toMatchObject({ name: 'Grout', color: grout.color });
    // The same name in another type is another tag; the same tag may keep its own name.
    await tag('Grout', 'specialty');
    expect((await patch<Tag>(grout.id, { name: 'Grout' })).status).toBe(200);
    expect((await patch(grout.id, { name: '   ' })).status).toBe(400);
    expect((await patch(grout.id, { color: 'red' })).status).toBe(400);
    const denied = await patch<{ message: string }>(grout.id, { name: 'X' }, accountant.token);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Permission denied: Cannot update tags');
    const foreign = await call(server.url, 'PATCH', url(`/tags/${grout.id}`, otherSiteId), {
      token: otherOwner.token,
      body: { name: 'Mine' },
    });
    expect(foreign.status).toBe(404);
  });

  it('deleting a tag takes it off every item, service and vendor that used it; other counts stay true', async () => {
    const shared = await tag('Priority');
    const keep = await tag('Keep');
    const item = await call<Item>(server.url, 'POST', url('/items'), {
      token: owner.token,
      body: { name: 'Tagged sand', unit: 'cum', tags: [shared.id, keep.id] },
    });
    const service = await call<{ id: string }>(server.url, 'POST', url('/services'), {
      token: owner.token,
      body: {
        name: 'Shuttering',
        category: 'labor',
        unit: 'sqft',
        standard_rate: 40,
        tags: [shared.id],
      },
    });
    expect(service.status).toBe(201);
    const vendor = await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
      token: owner.token,
      body: { name: 'Sai Sand Suppliers', tags: [shared.id, keep.id] },
    });
    expect(vendor.status).toBe(201);
    const counted = await call<Tag>(server.url, 'GET', url(`/tags/${shared.id}`), {
      token: owner.token,
    });
    expect(counted.body.usage_count).toBe(3);

    const supervisorDelete = await call<{ message: string }>(
      server.url,
      'DELETE',
      url(`/tags/${shared.id}`),
      { token: supervisor.token },
    );
    expect(supervisorDelete.status).toBe(403);
    expect(supervisorDelete.body.message).toBe('Permission denied: Cannot delete tags');
    expect(
      (await call(server.url, 'DELETE', url(`/tags/${shared.id}`), { token: owner.token })).status,
    ).toBe(204);
    expect(
      (await call(server.url, 'GET', url(`/tags/${shared.id}`), { token: owner.token })).status,
    ).toBe(404);
    const tagsOf = async (path: string) =>
      (await call<{ tags: string[] }>(server.url, 'GET', url(path), { token: owner.token })).body
        .tags;
    expect(await tagsOf(`/items/${item.body.id}`)).toEqual([keep.id]);
    expect(await tagsOf(`/services/${service.body.id}`)).toEqual([]);
    expect(await tagsOf(`/vendors/${vendor.body.id}`)).toEqual([keep.id]);
    const filtered = await call<Page<Item>>(server.url, 'GET', url(`/items?tag=${shared.id}`), {
      token: owner.token,
    });
    expect(filtered.body.totalItems).toBe(0);
    const kept = await call<Tag>(server.url, 'GET', url(`/tags/${keep.id}`), {
      token: owner.token,
    });
    expect(kept.body.usage_count).toBe(2);
    // The records can be saved again with their remaining tags.
    const resaved = await call<Item>(server.url, 'PATCH', url(`/items/${item.body.id}`), {
      token: owner.token,
      body: { description: 'Washed' },
    });
    expect(resaved.status).toBe(200);
    expect(resaved.body.tags).toEqual([keep.id]);
    expect(
      (await call(server.url, 'DELETE', url(`/tags/${shared.id}`), { token: owner.token })).status,
    ).toBe(404);
  });
});
