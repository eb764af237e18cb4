/**
 * A business's logo and name on its sites' documents (issue 47: "PDFs carry the business's name
 * and logo") over HTTP on a real server and database: the owner uploads a PNG (a GIF, text, a
 * broken PNG or one too big refused; nobody else may), members of its sites read it, and the
 * purchase order, the work order and its statement print the business's legal name with "Site:
 * <site>" under it and the logo at the top — or no logo, when its file is gone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { LOGOS } from '../src/modules/businesses/business-logo.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let outsider: Registered;
let siteId: string;
let businessId: string;
let dir: string;

interface Business {
  id: string;
  legal_name: string | null;
  logo: string | null;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), body])), 0);
  return Buffer.concat([head, body, crc]);
}
/** A small RGBA PNG (with an alpha channel: pdfkit's slower path), `idat` to break it. */
function png(width: number, height: number, idat?: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) rows.push(200, 40 + y * 10, 20, x < 2 ? 128 : 255);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat ?? deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(who: Registered, data: Buffer, filename = 'logo.png', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), filename);
  return call<Business & { code?: string }>(
    server.url,
    'PUT',
    `/api/businesses/${businessId}/logo`,
    { token: who.token, rawBody: form },
  );
}

async function ok<T>(who: Registered, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, path, { token: who.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
const site = <T>(method: string, path: string, body?: unknown) =>
  ok<T>(owner, method, `/api/sites/${siteId}${path}`, body);

async function bytesOf(path: string, who: Registered = owner) {
  const res = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The PDF's text (spaces collapsed) and how many images it draws (poppler's pdfimages). */
function readPdf(bytes: Buffer, name: string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  // LOGO_DOCS_KEEP=/some/dir keeps the files to look at.
  if (process.env.LOGO_DOCS_KEEP) writeFileSync(join(process.env.LOGO_DOCS_KEEP, name), bytes);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  // Two heading lines, then a row per image (its soft mask a row of type "smask").
  const images = list
    .split('\n')
    .slice(2)
    .filter((row) => row.trim().split(/\s+/)[2] === 'image').length;
  return { text, images };
}

let poId: string;
let woId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'business-logo-'));
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  outsider = await registerUser(server.url);
  siteId = (
    await createSite(server.url, owner.token, { name: 'Lakeview Heights', description: '' })
  ).id;
  await createSite(server.url, outsider.token, { name: 'Elsewhere' });
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  businessId = (await site<{ business: string }>('GET', '')).business;
  await ok(owner, 'PATCH', `/api/businesses/${businessId}`, {
    legal_name: 'Sharma Infra Projects Pvt Ltd',
    address: '12 MG Road, Pune 411001',
    gstins: ['27AAPFU0939F1ZV'],
  });
  const vendor = (await site<{ id: string }>('POST', '/vendors', { name: 'Shree Cement Traders' }))
    .id;
  const item = (
    await site<{ id: string }>('POST', '/items', { name: 'Cement OPC 53', unit: 'bag' })
  ).id;
  const draft = await site<{ id: string }>('POST', '/purchase_orders', {
    vendor,
    lines: [{ item, quantity: 10, unit_price: 400 }],
  });
  poId = (await site<{ id: string }>('POST', `/purchase_orders/${draft.id}/issue`)).id;
  const wo = await site<{ id: string }>('POST', '/work_orders', {
    vendor,
    title: 'Plastering, tower A',
    lines: [{ description: 'Internal plaster', unit: 'sqm', quantity: 100, rate: 250 }],
  });
  woId = (await site<{ id: string }>('POST', `/work_orders/${wo.id}/issue`)).id;
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a business's logo", () => {
  it('is documented in the OpenAPI description', async () => {
    const res = await call<{ paths: Record<string, Record<string, unknown>> }>(
      server.url,
      'GET',
      '/api/openapi.json',
    );
    const logo = res.body.paths['/api/businesses/{id}/logo'] ?? {};
    expect(Object.keys(logo).sort()).toEqual(['delete', 'get', 'put']);
    expect(JSON.stringify(logo.put)).toContain('multipart, one PNG or JPEG');
  });

  it('is refused from anyone but the owner, and in any form but one PNG or JPEG', async () => {
    const logo = png(8, 4);
    for (const who of [supervisor, outsider]) {
      const res = await upload(who, logo);
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
      const gone = await call(server.url, 'DELETE', `/api/businesses/${businessId}/logo`, {
        token: who.token,
      });
      expect(gone.status).toBe(404);
    }
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
    const refused = [
      await upload(owner, gif, 'logo.gif'),
      await upload(owner, Buffer.from('not an image at all'), 'logo.png'),
      // A PNG's signature over a stream that does not inflate: pdfkit could not draw it.
      await upload(owner, png(8, 4, Buffer.from('broken stream')), 'broken.png'),
    ];
    for (const res of refused) {
      expect(res.status, JSON.stringify(res.body)).toBe(415);
      expect(res.body.code).toBe('INVALID_FILE_TYPE');
    }
    const big = Buffer.concat([logo, Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(owner, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('FILE_TOO_LARGE');
    const none = await upload(owner, logo, 'logo.png', 'other');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('VALIDATION_FAILED');
    expect((await ok<Business>(owner, 'GET', `/api/businesses/${businessId}`)).logo).toBeNull();
  });

  it('is set by the owner and read by the members of its sites, not by others', async () => {
    const first = await upload(owner, png(8, 4));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.logo).toMatch(/^[a-z0-9]{15}\.png$/);
    const logo = png(24, 12);
    const second = await upload(owner, logo);
    expect(second.status).toBe(200);
    expect(second.body.logo).not.toBe(first.body.logo);
    // The replaced file is gone once the new one is set.
    expect(await server.ctx.files.open(LOGOS, first.body.logo!)).toBeNull();
    for (const who of [owner, supervisor]) {
      const read = await bytesOf(`/api/businesses/${businessId}/logo`, who);
      expect(read.status).toBe(200);
      expect(read.type).toBe('image/png');
      expect(read.body.equals(logo)).toBe(true);
    }
    expect((await bytesOf(`/api/businesses/${businessId}/logo`, outsider)).status).toBe(404);
  });

  it.skipIf(!hasPoppler)(
    'is drawn on the PO, the work order and its statement, under the business name',
    async () => {
      const po = await bytesOf(`/api/sites/${siteId}/purchase_orders/${poId}/pdf`);
      expect(po.status, po.body.toString().slice(0, 300)).toBe(200);
      const poPdf = readPdf(po.body, 'po.pdf');
      expect(poPdf.text).toContain('Sharma Infra Projects Pvt Ltd');
      expect(poPdf.text).toContain('Site: Lakeview Heights');
      // The site has no address or GSTIN of its own: the business's are printed.
      expect(poPdf.text).toContain('12 MG Road, Pune 411001');
      expect(poPdf.text).toContain('GSTIN: 27AAPFU0939F1ZV');
      expect(poPdf.text).toContain('For Sharma Infra Projects Pvt Ltd');
      expect(poPdf.images).toBe(1);

      const wo = await bytesOf(`/api/sites/${siteId}/work_orders/${woId}/pdf`);
      expect(wo.status).toBe(200);
      const woPdf = readPdf(wo.body, 'wo.pdf');
      expect(woPdf.text).toContain('Sharma Infra Projects Pvt Ltd');
      expect(woPdf.text).toContain('Site: Lakeview Heights');
      expect(woPdf.text).toContain('PAN: AAPFU0939F');
      expect(woPdf.images).toBe(1);

      const statement = await bytesOf(
        `/api/sites/${siteId}/work_orders/${woId}/statement/export?format=pdf`,
      );
      expect(statement.status).toBe(200);
      const statementPdf = readPdf(statement.body, 'statement.pdf');
      expect(statementPdf.text).toContain('Employer: Sharma Infra Projects Pvt Ltd');
      expect(statementPdf.text).toContain('Site: Lakeview Heights');
      expect(statementPdf.images).toBe(1);
    },
  );

  it.skipIf(!hasPoppler)('leaves the logo out when its file is gone, and is removed', async () => {
    const business = await ok<Business>(owner, 'GET', `/api/businesses/${businessId}`);
    await server.ctx.files.remove(LOGOS, business.logo!);
    const po = await bytesOf(`/api/sites/${siteId}/purchase_orders/${poId}/pdf`);
    expect(po.status).toBe(200);
    const pdf = readPdf(po.body, 'po-no-logo.pdf');
    expect(pdf.text).toContain('Sharma Infra Projects Pvt Ltd');
    expect(pdf.images).toBe(0);
    expect((await bytesOf(`/api/businesses/${businessId}/logo`)).status).toBe(404);

    const cleared = await ok<Business>(owner, 'DELETE', `/api/businesses/${businessId}/logo`);
    expect(cleared.logo).toBeNull();
  });

  it("comes along when businesses merge, as the TAN does; the others' files go", async () => {
    /** A site of its own business with a logo; answers the business and the logo's name. */
    const withLogo = async (name: string) => {
      const other = await createSite(server.url, owner.token, { name });
      const id = (await ok<{ business: string }>(owner, 'GET', `/api/sites/${other.id}`)).business;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png(6, 6))]), 'logo.png');
      const res = await call<Business>(server.url, 'PUT', `/api/businesses/${id}/logo`, {
        token: owner.token,
        rawBody: form,
      });
      expect(res.status).toBe(200);
      return { id, logo: res.body.logo! };
    };
    const merge = (other: string) =>
      ok<{ business: Business }>(owner, 'POST', `/api/businesses/${businessId}/merge`, {
        businesses: [other],
      });
    // This business has none: it takes the merged one's.
    const riverside = await withLogo('Riverside');
    expect((await merge(riverside.id)).business.logo).toBe(riverside.logo);
    // Now it has one: it keeps it, and the merged business's file is removed.
    const hilltop = await withLogo('Hilltop');
    expect((await merge(hilltop.id)).business.logo).toBe(riverside.logo);
    expect(await server.ctx.files.open(LOGOS, hilltop.logo)).toBeNull();
    expect((await bytesOf(`/api/businesses/${businessId}/logo`)).status).toBe(200);
  });
});
