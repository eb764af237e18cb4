import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDueSites } from '../src/modules/sites/purge.js';
import { call, createSite, registerUser } from './helpers/api.js';
import { insertVendor } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});
afterAll(async () => {
  await server?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const DAY = 86_400_000;

async function countFor(siteId: string) {
  const db = server.ctx.db.kysely;
  const tables = [
    'site_users',
    'items',
    'vendors',
    'deliveries',
    'delivery_items',
    'site_subscriptions',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await db
      .selectFrom(table)
      .select('site_id')
      .where('site_id', '=', siteId)
      .execute();
    counts[table] = rows.length;
  }
  counts.sites = (
    await db.selectFrom('sites').select('id').where('id', '=', siteId).execute()
  ).length;
  return counts;
}

describe('purging disowned sites (30 days after deletion was scheduled)', () => {
  it('keeps the data for 30 days, then deletes every record and file of that site only', async () => {
    const owner = await registerUser(server.url);
    const site = await createSite(server.url, owner.token, { name: 'Doomed' });
    const keep = await createSite(server.url, owner.token, { name: 'Kept' });
    for (const siteId of [site.id, keep.id]) {
      const item = await call<{ id: string }>(server.url, 'POST', `/api/sites/${siteId}/items`, {
        token: owner.token,
        body: { name: 'Cement', unit: 'bag' },
      });
      const vendor = await insertVendor(server, siteId, 'Sharma');
      const delivery = await call<{ id: string }>(
        server.url,
        'POST',
        `/api/sites/${siteId}/deliveries`,
        {
          token: owner.token,
          body: {
            vendor,
            delivery_date: '2026-01-01',
            delivery_items: [{ item: item.body.id, quantity: 2, unit_price: 400 }],
          },
        },
      );
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'challan.png');
      const upload = await call(
        server.url,
        'POST',
        `/api/sites/${siteId}/deliveries/${delivery.body.id}/files`,
        { token: owner.token, rawBody: form },
      );
      expect(upload.status).toBe(200);
    }
    const filesDir = path.join(server.dataDir, 'files', site.id);
    expect(fs.readdirSync(filesDir)).toHaveLength(1);

    expect(
      (await call(server.url, 'POST', `/api/sites/${site.id}/disown`, { token: owner.token }))
        .status,
    ).toBe(204);
    const before = await countFor(site.id);
    expect(before).toMatchObject({ sites: 1, items: 1, deliveries: 1, delivery_items: 1 });

    expect(await purgeDueSites(server.ctx, new Date(Date.now() + 29 * DAY))).toEqual([]);
    expect(await countFor(site.id)).toEqual(before);

    expect(await purgeDueSites(server.ctx, new Date(Date.now() + 31 * DAY))).toEqual([site.id]);
    expect(await countFor(site.id)).toEqual({
      site_users: 0,
      items: 0,
      vendors: 0,
      deliveries: 0,
      delivery_items: 0,
      site_subscriptions: 0,
      sites: 0,
    });
    expect(fs.existsSync(filesDir)).toBe(false);

    const kept = await countFor(keep.id);
    expect(kept).toMatchObject({
      sites: 1,
      items: 1,
      vendors: 1,
      deliveries: 1,
      delivery_items: 1,
    });
    expect(fs.readdirSync(path.join(server.dataDir, 'files', keep.id))).toHaveLength(1);
    // An active site is never purged, whatever the date.
    expect(await purgeDueSites(server.ctx, new Date(Date.now() + 1000 * DAY))).toEqual([]);
  });
});
