/**
 * Uploaded files in S3-compatible object storage (FILES_S3_*, issue 22), against s3rver — a local
 * server speaking the S3 protocol: the same uploads, downloads, headers, removals and site purge
 * as on disk, with nothing written under DATA_DIR/files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDueSites } from '../src/modules/sites/purge.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { insertVendor } from './helpers/fixtures.js';
import { startS3Server, type S3Server } from './helpers/s3-server.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const DAY = 86_400_000;

let s3: S3Server;
let server: TestServer;
let disk: TestServer;
let owner: Registered;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startServer({ DEFAULT_PLAN: 'Basic', ...s3.env });
  // The same requests against the disk store, to compare headers with.
  disk = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
});
afterAll(async () => {
  await disk?.close();
  await server?.close();
  await s3?.close();
});

async function upload(s: TestServer, token: string, p: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return call<{ file: string; files: string[] }>(s.url, 'POST', p, { token, rawBody: form });
}

async function download(s: TestServer, token: string, p: string) {
  const res = await fetch(`${s.url}${p}`, { headers: { authorization: `Bearer ${token}` } });
  const headers = Object.fromEntries(
    ['content-type', 'content-length', 'cache-control', 'x-content-type-options'].map((h) => [
      h,
      res.headers.get(h),
    ]),
  );
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Uploads a vendor file on a new site of `s`; returns the site, vendor and the stored name. */
async function vendorFile(s: TestServer, user: Registered, bytes: Buffer, name: string) {
  const siteId = (await createSite(s.url, user.token)).id;
  const vendor = await insertVendor(s, siteId, 'Sharma Traders');
  const res = await upload(
    s,
    user.token,
    `/api/sites/${siteId}/vendors/${vendor}/files`,
    bytes,
    name,
  );
  expect(res.status).toBe(200);
  return { siteId, vendor, file: res.body.file };
}

describe('files in S3-compatible object storage', () => {
  it('stores an upload as an object under its site and serves the same bytes and headers', async () => {
    const { siteId, file } = await vendorFile(server, owner, PDF, 'quote.pdf');
    expect(await s3.keys(`${siteId}/`)).toEqual([`${siteId}/${file}`]);
    expect(fs.existsSync(path.join(server.dataDir, 'files'))).toBe(false);

    const got = await download(server, owner.token, `/api/files/${siteId}/${file}`);
    expect(got.status).toBe(200);
    expect(got.body.equals(PDF)).toBe(true);

    const diskOwner = await registerUser(disk.url);
    const onDisk = await vendorFile(disk, diskOwner, PDF, 'quote.pdf');
    const fromDisk = await download(
      disk,
      diskOwner.token,
      `/api/files/${onDisk.siteId}/${onDisk.file}`,
    );
    expect(fromDisk.body.equals(PDF)).toBe(true);
    expect(got.headers).toEqual(fromDisk.headers);
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers 404 for a name the site does not list, and for one listed but missing', async () => {
    const { siteId, file } = await vendorFile(server, owner, PNG, 'photo.png');
    expect(
      (await download(server, owner.token, `/api/files/${siteId}/aaaaaaaaaaaaaaa.png`)).status,
    ).toBe(404);
    // The object gone from the bucket (by hand) while a record still names it.
    await server.ctx.files.remove(siteId, file);
    expect((await download(server, owner.token, `/api/files/${siteId}/${file}`)).status).toBe(404);
  });

  it('removes the object when the file is taken off its record', async () => {
    const { siteId, vendor, file } = await vendorFile(server, owner, PNG, 'photo.png');
    const res = await call<{ files: string[] }>(
      server.url,
      'DELETE',
      `/api/sites/${siteId}/vendors/${vendor}/files/${file}`,
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual([]);
    expect(await s3.keys(`${siteId}/`)).toEqual([]);
    expect((await download(server, owner.token, `/api/files/${siteId}/${file}`)).status).toBe(404);
  });

  it('serves avatars from the bucket with the same headers as from disk', async () => {
    const form = new FormData();
    form.append('avatar', new Blob([PNG]), 'me.png');
    const me = await call<{ avatar: string }>(server.url, 'PATCH', '/api/me', {
      token: owner.token,
      rawBody: form,
    });
    expect(me.status).toBe(200);
    const name = me.body.avatar.split('/').pop()!;
    expect(await s3.keys('avatars/')).toContain(`avatars/${name}`);
    const res = await fetch(`${server.url}/api/avatars/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("a site's purge deletes every object under its prefix and no other site's", async () => {
    const purger = await registerUser(server.url);
    const doomed = await vendorFile(server, purger, PNG, 'a.png');
    const second = await upload(
      server,
      purger.token,
      `/api/sites/${doomed.siteId}/vendors/${doomed.vendor}/files`,
      PDF,
      'b.pdf',
    );
    expect(second.status).toBe(200);
    const kept = await vendorFile(server, purger, PNG, 'c.png');
    expect(await s3.keys(`${doomed.siteId}/`)).toHaveLength(2);

    const disown = await call(server.url, 'POST', `/api/sites/${doomed.siteId}/disown`, {
      token: purger.token,
    });
    expect(disown.status).toBe(204);
    expect(await purgeDueSites(server.ctx, new Date(Date.now() + 31 * DAY))).toContain(
      doomed.siteId,
    );
    expect(await s3.keys(`${doomed.siteId}/`)).toEqual([]);
    expect(await s3.keys(`${kept.siteId}/`)).toEqual([`${kept.siteId}/${kept.file}`]);
  });
});
