import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import {
  insertBooking,
  insertDelivery,
  insertReturn,
  insertService,
  insertVendor,
} from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// Real (tiny) files: a 1×1 PNG, a 1×1 JPEG, a one-page PDF, and text pretending to be a photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const FAKE = Buffer.from('this is not really a photo, just text with a .jpg name\n');

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

interface Upload {
  file: string;
  files: string[];
}
interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}

const url = (p: string, site = siteId) => `/api/sites/${site}${p}`;
const NAME = /^[a-z0-9]{15}\.(jpg|png|webp|heic|pdf)$/;

function form(...files: [string, Buffer, string?][]): FormData {
  const data = new FormData();
  for (const [name, bytes, type] of files) {
    data.append('file', new Blob([bytes], { type: type ?? 'application/octet-stream' }), name);
  }
  return data;
}

function upload(s: TestServer, token: string, p: string, body: FormData) {
  return call<Upload & ErrorBody>(s.url, 'POST', p, { token, rawBody: body });
}

/** Names stored on disk for a site. */
function onDisk(s: TestServer, site = siteId): string[] {
  const dir = path.join(s.dataDir, 'files', site);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function fetchFile(s: TestServer, token: string | undefined, site: string, name: string) {
  const res = await fetch(`${s.url}/api/files/${site}/${name}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

// Records of the other modules written directly (deliveries, bookings and returns have their own).
async function insertRecords(s: TestServer, site: string) {
  const vendor = await insertVendor(s, site, 'Photo vendor');
  const { delivery } = await insertDelivery(s, site, {
    vendor,
    date: '2026-01-10',
    itemsTotalPaise: 100,
    reference: null,
  });
  const service = await insertService(s, site, { name: 'Painter' });
  const booking = await insertBooking(s, site, {
    vendor,
    service,
    start: '2026-01-10',
    totalPaise: 100,
    percentCompleted: 50,
    status: 'in_progress',
  });
  const vendorReturn = await insertReturn(s, site, {
    vendor,
    date: '2026-01-11',
    status: 'approved',
  });
  return { vendor, delivery, booking, vendorReturn };
}

async function storedList(s: TestServer, table: string, column: string, id: string) {
  const row = await s.ctx.db.kysely
    .selectFrom(table as 'vendors')
    .select(column as 'files')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.parse((row as unknown as Record<string, string>)[column]!) as string[];
}

describe('file uploads', () => {
  let rec: Awaited<ReturnType<typeof insertRecords>>;
  beforeAll(async () => {
    rec = await insertRecords(server, siteId);
  });

  it('appends images to deliveries, bookings and returns, and images or PDFs to vendors', async () => {
    const cases = [
      [
        'deliveries',
        rec.delivery,
        'photos',
        [
          ['a.png', PNG],
          ['b.jpeg', JPEG],
        ],
      ],
      ['service_bookings', rec.booking, 'completion_photos', [['done.jpg', JPEG]]],
      ['vendor_returns', rec.vendorReturn, 'photos', [['broken.png', PNG]]],
      [
        'vendors',
        rec.vendor,
        'files',
        [
          ['gst-certificate.pdf', PDF],
          ['shop.png', PNG],
        ],
      ],
    ] as const;
    for (const [collection, id, column, files] of cases) {
      const res = await upload(
        server,
        supervisor.token,
        url(`/${collection}/${id}/files`),
        form(...files.map(([n, b]) => [n, b] as [string, Buffer])),
      );
      expect(res.status, collection).toBe(200);
      expect(res.body.files).toHaveLength(files.length);
      for (const name of res.body.files) expect(name).toMatch(NAME);
      expect(res.body.file).toBe(res.body.files[files.length - 1]);
      expect(await storedList(server, collection, column, id)).toEqual(res.body.files);
      for (const [index, name] of res.body.files.entries()) {
        const got = await fetchFile(server, accountant.token, siteId, name);
        expect(got.status).toBe(200);
        expect(got.body.equals(files[index]![1])).toBe(true);
      }
    }
    // The type comes from the content, whatever the name says.
    const vendor = await call<{ files: string[] }>(
      server.url,
      'GET',
      url(`/vendors/${rec.vendor}`),
      {
        token: owner.token,
      },
    );
    const [pdfName, pngName] = vendor.body.files;
    expect(pdfName).toMatch(/\.pdf$/);
    expect((await fetchFile(server, owner.token, siteId, pdfName!)).type).toBe('application/pdf');
    expect((await fetchFile(server, owner.token, siteId, pngName!)).type).toBe('image/png');

    // A second upload appends.
    const more = await upload(
      server,
      owner.token,
      url(`/deliveries/${rec.delivery}/files`),
      form(['c.png', PNG]),
    );
    expect(more.body.files).toHaveLength(3);
    expect(more.body.files.slice(0, 2)).toEqual(
      await storedList(server, 'deliveries', 'photos', rec.delivery).then((l) => l.slice(0, 2)),
    );
    expect(more.body.file).toBe(more.body.files[2]);
  });

  it('concurrent uploads to one record keep every name (the row is locked while its list changes)', async () => {
    const before = await storedList(server, 'vendor_returns', 'photos', rec.vendorReturn);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(
          server,
          owner.token,
          url(`/vendor_returns/${rec.vendorReturn}/files`),
          form([`p${i}.png`, PNG]),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const after = await storedList(server, 'vendor_returns', 'photos', rec.vendorReturn);
    expect(after).toHaveLength(before.length + 6);
    expect([...after].sort()).toEqual([...before, ...results.map((r) => r.body.file)].sort());
  });

  it('refuses a PDF where only images are allowed, and text posing as a photo, adding nothing', async () => {
    const before = onDisk(server);
    const photos = await storedList(server, 'deliveries', 'photos', rec.delivery);
    const pdf = await upload(
      server,
      owner.token,
      url(`/deliveries/${rec.delivery}/files`),
      form(['bill.pdf', PDF, 'application/pdf']),
    );
    expect(pdf.status).toBe(415);
    expect(pdf.body).toMatchObject({ code: 'INVALID_FILE_TYPE', data: { file: 'bill.pdf' } });
    // One good image and one fake: all or nothing.
    const mixed = await upload(
      server,
      owner.token,
      url(`/deliveries/${rec.delivery}/files`),
      form(['good.png', PNG, 'image/png'], ['photo.jpg', FAKE, 'image/jpeg']),
    );
    expect(mixed.status).toBe(415);
    expect(mixed.body).toMatchObject({ code: 'INVALID_FILE_TYPE', data: { file: 'photo.jpg' } });
    const vendorFake = await upload(
      server,
      owner.token,
      url(`/vendors/${rec.vendor}/files`),
      form(['scan.pdf', FAKE]),
    );
    expect(vendorFake.status).toBe(415);
    const hi = await call<ErrorBody>(
      server.url,
      'POST',
      url(`/service_bookings/${rec.booking}/files`),
      {
        token: owner.token,
        lang: 'hi',
        rawBody: form(['x.pdf', PDF]),
      },
    );
    expect(hi.body.message).toBe('अमान्य फ़ाइल प्रकार');
    expect(await storedList(server, 'deliveries', 'photos', rec.delivery)).toEqual(photos);
    expect(onDisk(server)).toEqual(before);
  });

  it('needs at least one `file` part, sent as multipart', async () => {
    const none = new FormData();
    none.append('note', 'no file here');
    none.append('other', new Blob([PNG]), 'ignored.png');
    const empty = await upload(server, owner.token, url(`/deliveries/${rec.delivery}/files`), none);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(empty.body.data.file).toBeDefined();
    const json = await call<ErrorBody>(
      server.url,
      'POST',
      url(`/deliveries/${rec.delivery}/files`),
      {
        token: owner.token,
        body: { file: 'x' },
      },
    );
    expect(json.status).toBe(400);
    expect(json.body.data.file).toBeDefined();
  });

  it("answers 404 for another site's record or an unknown one, and stores nothing", async () => {
    const theirs = await insertRecords(server, otherSiteId);
    const before = [onDisk(server), onDisk(server, otherSiteId)];
    for (const [collection, id] of [
      ['deliveries', theirs.delivery],
      ['service_bookings', theirs.booking],
      ['vendor_returns', theirs.vendorReturn],
      ['vendors', theirs.vendor],
      ['deliveries', newId()],
    ] as const) {
      const res = await upload(
        server,
        owner.token,
        url(`/${collection}/${id}/files`),
        form(['a.png', PNG]),
      );
      expect(res.status, collection).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(await storedList(server, 'deliveries', 'photos', theirs.delivery)).toEqual([]);
    expect([onDisk(server), onDisk(server, otherSiteId)]).toEqual(before);
  });

  it('permissions: an accountant cannot upload or remove; strangers get ACCESS_DENIED', async () => {
    const res = await upload(
      server,
      accountant.token,
      url(`/deliveries/${rec.delivery}/files`),
      form(['a.png', PNG]),
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot update deliveries',
    });
    const vendorRes = await upload(
      server,
      accountant.token,
      url(`/vendors/${rec.vendor}/files`),
      form(['a.png', PNG]),
    );
    expect(vendorRes.body.message).toBe('Permission denied: Cannot update vendors');
    const stranger = await upload(
      server,
      otherOwner.token,
      url(`/deliveries/${rec.delivery}/files`),
      form(['a.png', PNG]),
    );
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('ACCESS_DENIED');
    const [name] = await storedList(server, 'vendors', 'files', rec.vendor);
    const del = await call(server.url, 'DELETE', url(`/vendors/${rec.vendor}/files/${name}`), {
      token: accountant.token,
    });
    expect(del.status).toBe(403);
  });

  it('serves a file only to members of its site, and only when a record of that site lists it', async () => {
    const [name] = await storedList(server, 'vendors', 'files', rec.vendor);
    expect((await fetchFile(server, undefined, siteId, name!)).status).toBe(401);
    const stranger = await fetchFile(server, otherOwner.token, siteId, name!);
    expect(stranger.status).toBe(403);
    expect(JSON.parse(stranger.body.toString())).toMatchObject({ code: 'ACCESS_DENIED' });
    // A member of the other site asking under their own site id: not a file of that site.
    expect((await fetchFile(server, otherOwner.token, otherSiteId, name!)).status).toBe(404);
    // A file that is on disk but on no record of the site (left by a failed write) is not served.
    const orphan = `${newId()}.png`;
    fs.writeFileSync(path.join(server.dataDir, 'files', siteId, orphan), PNG);
    expect((await fetchFile(server, owner.token, siteId, orphan)).status).toBe(404);
    for (const bad of [`${newId()}.png`, '..%2F..%2Fsiteledger.db', 'x.exe'])
      expect((await fetchFile(server, owner.token, siteId, bad)).status).toBe(404);
    const ok = await fetchFile(server, accountant.token, siteId, name!);
    expect(ok.status).toBe(200);
  });

  it('removes a file from the record and the disk', async () => {
    const list = await storedList(server, 'service_bookings', 'completion_photos', rec.booking);
    const name = list[0]!;
    expect(onDisk(server)).toContain(name);
    const other = await call(
      server.url,
      'DELETE',
      url(`/service_bookings/${rec.delivery}/files/${name}`),
      {
        token: owner.token,
      },
    );
    expect(other.status).toBe(404);
    const res = await call<{ files: string[] }>(
      server.url,
      'DELETE',
      url(`/service_bookings/${rec.booking}/files/${name}`),
      { token: supervisor.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual(list.slice(1));
    expect(await storedList(server, 'service_bookings', 'completion_photos', rec.booking)).toEqual(
      list.slice(1),
    );
    expect(onDisk(server)).not.toContain(name);
    expect((await fetchFile(server, owner.token, siteId, name)).status).toBe(404);
    const again = await call(
      server.url,
      'DELETE',
      url(`/service_bookings/${rec.booking}/files/${name}`),
      {
        token: owner.token,
      },
    );
    expect(again.status).toBe(404);
  });

  it('deleting a vendor removes its files from disk', async () => {
    const v = await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
      token: owner.token,
      body: { name: 'Short-lived vendor' },
    });
    const up = await upload(
      server,
      owner.token,
      url(`/vendors/${v.body.id}/files`),
      form(['card.jpg', JPEG]),
    );
    expect(onDisk(server)).toContain(up.body.file);
    expect(
      (await call(server.url, 'DELETE', url(`/vendors/${v.body.id}`), { token: owner.token }))
        .status,
    ).toBe(204);
    expect(onDisk(server)).not.toContain(up.body.file);
  });
});

describe('upload size limit', () => {
  let small: TestServer;
  let token: string;
  let site: string;
  let rec: Awaited<ReturnType<typeof insertRecords>>;
  beforeAll(async () => {
    small = await startServer({ DEFAULT_PLAN: 'Basic', MAX_UPLOAD_MB: '1' });
    const user = await registerUser(small.url);
    token = user.token;
    site = (await createSite(small.url, token)).id;
    rec = await insertRecords(small, site);
  });
  afterAll(async () => {
    await small?.close();
  });

  it('refuses a file above MAX_UPLOAD_MB with 413 naming it, and adds none of the batch', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10, 1)]);
    const res = await upload(
      small,
      token,
      url(`/deliveries/${rec.delivery}/files`, site),
      form(['ok.png', PNG], ['huge.png', big]),
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'FILE_TOO_LARGE',
      data: { file: 'huge.png', max_mb: 1 },
    });
    expect(res.body.message).toBe('File is too large (maximum 1 MB)');
    expect(await storedList(small, 'deliveries', 'photos', rec.delivery)).toEqual([]);
    expect(onDisk(small, site)).toEqual([]);
    const justUnder = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length - 1, 1)]);
    const ok = await upload(
      small,
      token,
      url(`/deliveries/${rec.delivery}/files`, site),
      form(['fits.png', justUnder]),
    );
    expect(ok.status).toBe(200);
    expect(onDisk(small, site)).toEqual([ok.body.file]);
  });
});
