import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// Vendor-return photos (spec part 3 `vendor_returns.photos`, API.md "Files"), on returns made
// through the API the way the web app makes them.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const FAKE = Buffer.from('plain text calling itself a photo\n');

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let otherOwner: Registered;
let otherSiteId: string;

interface VendorReturn {
  id: string;
  photos: string[];
}
interface Reply {
  code: string;
  message: string;
  data: Record<string, unknown>;
  file: string;
  files: string[];
}

const url = (p: string, site = siteId) => `/api/sites/${site}${p}`;
const NAME = /^[a-z0-9]{15}\.(jpg|png)$/;

function form(...files: [string, Buffer][]): FormData {
  const data = new FormData();
  for (const [name, bytes] of files) data.append('file', new Blob([bytes]), name);
  return data;
}

function upload(token: string, id: string, body: FormData, site = siteId) {
  return call<Reply>(server.url, 'POST', url(`/vendor_returns/${id}/files`, site), {
    token,
    rawBody: body,
  });
}

function removePhoto(token: string, id: string, name: string) {
  return call<Reply>(server.url, 'DELETE', url(`/vendor_returns/${id}/files/${name}`), { token });
}

async function getReturn(id: string, token = owner.token, site = siteId) {
  return call<VendorReturn & Reply>(server.url, 'GET', url(`/vendor_returns/${id}`, site), {
    token,
  });
}

async function fetchFile(token: string, name: string, site = siteId) {
  const res = await fetch(`${server.url}/api/files/${site}/${name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

function onDisk(site = siteId): string[] {
  const dir = path.join(server.dataDir, 'files', site);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function created<T>(token: string, site: string, p: string, body: unknown): Promise<T> {
  const res = await call<T>(server.url, 'POST', url(p, site), { token, body });
  if (res.status !== 201) throw new Error(`${p}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A vendor, a delivery of ten bags and a return of one bag, all through the API. */
async function newReturn(token = owner.token, site = siteId): Promise<VendorReturn> {
  const vendor = await created<{ id: string }>(token, site, '/vendors', { name: 'Shree Traders' });
  const item = await created<{ id: string }>(token, site, '/items', {
    name: 'Cement',
    unit: 'bag',
  });
  const delivery = await created<{ delivery_items: { id: string }[] }>(token, site, '/deliveries', {
    vendor: vendor.id,
    delivery_date: '2026-01-10',
    delivery_items: [{ item: item.id, quantity: 10, unit_price: 400 }],
  });
  return created<VendorReturn>(token, site, '/vendor_returns', {
    vendor: vendor.id,
    return_date: '2026-01-12',
    reason: 'damaged',
    items: [
      {
        delivery_item: delivery.delivery_items[0]!.id,
        quantity_returned: 1,
        return_rate: 400,
        condition: 'damaged',
      },
    ],
  });
}

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

describe('vendor-return photos', () => {
  let ret: VendorReturn;
  beforeAll(async () => {
    ret = await newReturn();
  });

  it('a new return has no photos; an upload adds them to `photos`, readable by every member', async () => {
    expect(ret.photos).toEqual([]);
    const res = await upload(
      supervisor.token,
      ret.id,
      form(['torn-bag.jpg', JPEG], ['label.png', PNG]),
    );
    expect(res.status).toBe(200);
    expect(res.body.files).toHaveLength(2);
    for (const name of res.body.files) expect(name).toMatch(NAME);
    expect(res.body.file).toBe(res.body.files[1]);

    const got = await getReturn(ret.id);
    expect(got.body.photos).toEqual(res.body.files);
    const listed = await call<{ items: VendorReturn[] }>(
      server.url,
      'GET',
      url('/vendor_returns'),
      { token: accountant.token },
    );
    expect(listed.body.items.find((r) => r.id === ret.id)?.photos).toEqual(res.body.files);

    const [jpg, png] = res.body.files;
    const first = await fetchFile(accountant.token, jpg!);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/jpeg');
    expect(first.body.equals(JPEG)).toBe(true);
    expect((await fetchFile(owner.token, png!)).type).toBe('image/png');

    // A second upload appends to the list.
    const more = await upload(owner.token, ret.id, form(['more.png', PNG]));
    expect(more.body.files).toEqual([...res.body.files, more.body.file]);
  });

  it('refuses what is not a photo (checked by content, PDFs too) and adds nothing', async () => {
    const before = (await getReturn(ret.id)).body.photos;
    const files = onDisk();
    for (const bad of [
      ['damage.jpg', FAKE],
      ['bill.pdf', PDF],
    ] as const) {
      const res = await upload(owner.token, ret.id, form([bad[0], bad[1]]));
      expect(res.status, bad[0]).toBe(415);
      expect(res.body).toMatchObject({ code: 'INVALID_FILE_TYPE', data: { file: bad[0] } });
    }
    expect((await getReturn(ret.id)).body.photos).toEqual(before);
    expect(onDisk()).toEqual(files);
  });

  it('follows canUpdate on returns: an accountant may look but not add or remove', async () => {
    const [name] = (await getReturn(ret.id)).body.photos;
    const add = await upload(accountant.token, ret.id, form(['a.png', PNG]));
    expect(add.status).toBe(403);
    expect(add.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot update vendor_returns',
    });
    const del = await removePhoto(accountant.token, ret.id, name!);
    expect(del.status).toBe(403);
    expect((await getReturn(ret.id, accountant.token)).body.photos).toContain(name);
  });

  it('keeps other sites out: their members get 403, their returns 404, their files 404', async () => {
    const [name] = (await getReturn(ret.id)).body.photos;
    const stranger = await upload(otherOwner.token, ret.id, form(['a.png', PNG]));
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('ACCESS_DENIED');
    expect((await fetchFile(otherOwner.token, name!)).status).toBe(403);
    expect((await getReturn(ret.id, otherOwner.token)).status).toBe(403);
    // Our return named under their site, and their file asked for under ours: not found.
    const crossed = await upload(otherOwner.token, ret.id, form(['a.png', PNG]), otherSiteId);
    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe('NOT_FOUND');
    expect((await fetchFile(otherOwner.token, name!, otherSiteId)).status).toBe(404);
    const theirs = await newReturn(otherOwner.token, otherSiteId);
    const up = await upload(otherOwner.token, theirs.id, form(['theirs.png', PNG]), otherSiteId);
    expect(up.status).toBe(200);
    expect((await fetchFile(owner.token, up.body.file)).status).toBe(404);
    expect((await upload(owner.token, theirs.id, form(['a.png', PNG]))).status).toBe(404);
  });

  it('a supervisor removes one photo: off the return and off the disk', async () => {
    const before = (await getReturn(ret.id)).body.photos;
    const name = before[0]!;
    expect(onDisk()).toContain(name);
    const res = await removePhoto(supervisor.token, ret.id, name);
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual(before.slice(1));
    expect((await getReturn(ret.id)).body.photos).toEqual(before.slice(1));
    expect(onDisk()).not.toContain(name);
    expect((await fetchFile(owner.token, name)).status).toBe(404);
    expect((await removePhoto(owner.token, ret.id, name)).status).toBe(404);
  });

  it('deleting the return removes its photos from the disk', async () => {
    const names = (await getReturn(ret.id)).body.photos;
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(onDisk()).toContain(name);
    const del = await call(server.url, 'DELETE', url(`/vendor_returns/${ret.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(204);
    for (const name of names) {
      expect(onDisk()).not.toContain(name);
      expect((await fetchFile(owner.token, name)).status).toBe(404);
    }
    expect((await upload(owner.token, ret.id, form(['late.png', PNG]))).status).toBe(404);
  });
});
