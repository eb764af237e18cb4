/**
 * List exports from the registry (issue 41): `GET …/<collection>/export?format=csv|xlsx` for every
 * record type, with its list's filters, columns from the registry's fields and codecs, the read
 * permission of its entry, and its rows streamed a chunk at a time.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedTypes, recordTypes } from '@siteledger/domain';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv } from './helpers/csv-parse.js';
import { download } from './helpers/export-fixtures.js';
import { addMember, insertVendor } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SITE = 'Green Valley';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let outsider: Registered;
let siteId: string;
let sharma: string;
let zeta: string;
let account: string;

const url = (path: string) => `/api/sites/${siteId}${path}`;

async function created(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await call<{ id: string }>(server.url, 'POST', url(path), {
    token: owner.token,
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  outsider = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: SITE })).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  await createSite(server.url, outsider.token, { name: 'Other site' });

  sharma = await created('/vendors', {
    name: 'Sharma Traders',
    company_name: 'Sharma & Sons, Pune',
    gstin: '27AAPFU0939F1ZV',
    phone: '+91 98200 00000',
  });
  zeta = await created('/vendors', { name: 'Zeta Steel' });
  const cement = await created('/items', { name: 'Cement OPC 53', unit: 'bag' });
  const steel = await created('/items', { name: 'TMT bar 12mm', unit: 'kg' });
  await created('/deliveries', {
    vendor: sharma,
    delivery_date: '2026-03-01',
    delivery_reference: 'CH-001',
    delivery_items: [{ item: cement, quantity: 3, unit_price: 1234.55 }],
  });
  await created('/deliveries', {
    vendor: sharma,
    delivery_date: '2026-03-05',
    delivery_reference: 'CH-002',
    notes: '=SUM(A1)',
    delivery_items: [{ item: steel, quantity: 2.5, unit_price: 66.67 }],
  });
  await created('/deliveries', {
    vendor: zeta,
    delivery_date: '2026-03-03',
    delivery_reference: 'ZS-9',
    delivery_items: [{ item: steel, quantity: 10, unit_price: 70 }],
  });
  account = await created('/accounts', { name: 'HDFC current', type: 'bank' });
  await created('/payments', {
    vendor: sharma,
    account,
    amount: 1000.1,
    payment_date: '2026-03-06',
    reference: 'UTR-77',
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The CSV's records as objects keyed by the header row. */
function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseExportCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])));
}

describe('list exports from the registry', () => {
  it('gives every record type with a list an export route, documented in OpenAPI', async () => {
    const listed = recordTypes().filter((t) => t.list);
    expect(exportedTypes().map((t) => t.collection)).toEqual(listed.map((t) => t.collection));
    const doc = await call<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; parameters?: { name: string; in: string }[] }>
      >;
    }>(server.url, 'GET', '/api/openapi.json');
    for (const type of listed) {
      const op = doc.body.paths[`/api/sites/{siteId}/${type.collection}/export`]?.get;
      expect(op, type.collection).toBeDefined();
      expect(op?.tags).toEqual([type.tag]);
    }
    const deliveries = doc.body.paths['/api/sites/{siteId}/deliveries/export']?.get;
    const query = (deliveries?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(
      expect.arrayContaining(['format', 'sort', 'q', 'from', 'to', 'vendor', 'payment_status']),
    );
  });

  it('answers every exported collection in both formats, one heading per non-file field', async () => {
    for (const type of exportedTypes()) {
      const fields = Object.values(type.fields).filter((codec) => codec.kind !== 'files');
      const csv = await download(server, url(`/${type.collection}/export?format=csv`), owner.token);
      expect(`${type.collection} ${csv.status}`).toBe(`${type.collection} 200`);
      expect(parseExportCsv(csv.text)[0], type.collection).toHaveLength(fields.length);
      const xlsx = await download(
        server,
        url(`/${type.collection}/export?format=xlsx`),
        owner.token,
      );
      expect(`${type.collection} ${xlsx.status}`).toBe(`${type.collection} 200`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      expect(book.worksheets, type.collection).toHaveLength(1);
    }
  });

  it('exports vendors as CSV: headings from the fields, files left out, search applied', async () => {
    const res = await download(server, url('/vendors/export?format=csv'), owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = businessToday('Asia/Kolkata');
    expect(res.headers.get('content-disposition')).toContain(
      `filename="vendors-Green-Valley-${today}.csv"`,
    );
    const [header] = parseExportCsv(res.text);
    expect(header).toEqual([
      'Name',
      'Company name',
      'Contact person',
      'Email',
      'Phone',
      'Address',
      'Payment details',
      'GSTIN',
      'State code',
      'Registration type',
      'PAN',
      'TDS section',
      'TDS 194C(6) declaration',
    ]);
    const rows = csvObjects(res.text);
    expect(rows.map((r) => r.Name).sort()).toEqual(['Sharma Traders', 'Zeta Steel']);
    const row = rows.find((r) => r.Name === 'Sharma Traders');
    expect(row).toMatchObject({
      'Company name': 'Sharma & Sons, Pune',
      GSTIN: '27AAPFU0939F1ZV',
      // A phone number that starts with "+" is text, not a formula.
      Phone: "'+91 98200 00000",
    });
    const searched = await download(server, url('/vendors/export?format=csv&q=zeta'), owner.token);
    expect(csvObjects(searched.text).map((r) => r.Name)).toEqual(['Zeta Steel']);
  });

  it('exports deliveries as CSV: money to the paisa, the vendor named, a filter and a sort', async () => {
    const path = `/deliveries/export?format=csv&vendor=${sharma}&sort=delivery_date`;
    const res = await download(server, url(path), supervisor.token);
    expect(res.status).toBe(200);
    const rows = csvObjects(res.text);
    // The filter keeps Sharma's two deliveries, oldest first as asked.
    expect(rows.map((r) => r['Delivery reference'])).toEqual(['CH-001', 'CH-002']);
    expect(rows[0]).toMatchObject({
      Vendor: 'Sharma Traders',
      'Delivery date': '01-03-2026',
      'Items total': '3703.65',
      'Total amount': '3703.65',
      'Paid amount': '0.00',
      'Payment status': 'pending',
      'Reverse charge': 'No',
    });
    // 2.5 × 66.67 = 166.675 → 166.68 (half away from zero, as stored).
    expect(rows[1]).toMatchObject({ 'Items total': '166.68', Notes: "'=SUM(A1)" });
    const [header] = parseExportCsv(res.text);
    expect(header).toContain('CGST amount');
    expect(header).not.toContain('Photos');

    const dated = await download(
      server,
      url('/deliveries/export?format=csv&from=2026-03-02&to=2026-03-04'),
      owner.token,
    );
    expect(csvObjects(dated.text).map((r) => r['Delivery reference'])).toEqual(['ZS-9']);
    expect(dated.headers.get('content-disposition')).toContain(
      'deliveries-Green-Valley-2026-03-02_2026-03-04.csv',
    );
  });

  it('names references to records without a name column by their id, and users by name', async () => {
    const res = await download(server, url('/delivery_items/export?format=csv'), owner.token);
    expect(res.status).toBe(200);
    const rows = csvObjects(res.text);
    expect(rows.map((r) => r.Item).sort()).toEqual([
      'Cement OPC 53',
      'TMT bar 12mm',
      'TMT bar 12mm',
    ]);
    // A line's delivery is named by its reference; quantities in units, three decimals.
    expect(rows.map((r) => `${r.Delivery} ${r.Quantity}`).sort()).toEqual([
      'CH-001 3.000',
      'CH-002 2.500',
      'ZS-9 10.000',
    ]);
  });

  it("answers each caller as the list does: the entry's read permission applies", async () => {
    // Every export declares the read permission its list route declares.
    for (const type of exportedTypes()) {
      const base = `/api/sites/:siteId/${type.collection}`;
      const list = server.routes.find((r) => r.method === 'GET' && r.url === base);
      const file = server.routes.find((r) => r.method === 'GET' && r.url === `${base}/export`);
      // A money area (payments, accounts: issue 47's per-business role settings) the list is in,
      // its export is in too.
      const area = list?.access && 'area' in list.access ? list.access.area : undefined;
      expect(file?.access, type.collection).toEqual({
        auth: 'site',
        permission: type.permissions.read,
        entity: type.entity,
        ...(area ? { area } : {}),
      });
      expect(list?.access?.auth === 'site' && list.access.permission).toBe(type.permissions.read);
    }
    // And the answers match the list's, role by role (spec part 6 lets all three roles read
    // money today, so none of them is refused; a caller from outside the site is).
    const callers = { owner, supervisor, accountant, outsider };
    for (const collection of ['payments', 'vendors']) {
      for (const [role, caller] of Object.entries(callers)) {
        const list = await call(server.url, 'GET', url(`/${collection}`), { token: caller.token });
        const file = await call(server.url, 'GET', url(`/${collection}/export?format=csv`), {
          token: caller.token,
        });
        expect(`${collection} ${role} ${file.status}`).toBe(`${collection} ${role} ${list.status}`);
        if (list.status !== 200) expect(file.body.code).toBe(list.body.code);
      }
    }
    const anonymous = await call(server.url, 'GET', url('/payments/export?format=csv'));
    expect(anonymous.status).toBe(401);
    const other = await call(server.url, 'GET', url('/payments/export?format=csv'), {
      token: outsider.token,
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('ACCESS_DENIED');

    const res = await download(server, url('/payments/export?format=csv'), accountant.token);
    expect(res.status).toBe(200);
    expect(csvObjects(res.text)).toEqual([
      expect.objectContaining({
        Vendor: 'Sharma Traders',
        Account: 'HDFC current',
        Amount: '1000.10',
        'Payment date': '06-03-2026',
        Reference: 'UTR-77',
      }),
    ]);
  });

  it('answers a bad format or sort with 400 before any byte of a file', async () => {
    const format = await call(server.url, 'GET', url('/deliveries/export?format=pdf'), {
      token: owner.token,
    });
    expect(format.status).toBe(400);
    expect(format.body.code).toBe('VALIDATION_FAILED');
    const sort = await call(server.url, 'GET', url('/deliveries/export?format=csv&sort=notes'), {
      token: owner.token,
    });
    expect(sort.status).toBe(400);
    expect(sort.body.code).toBe('VALIDATION_FAILED');
  });

  it('exports deliveries as an Excel workbook with typed cells', async () => {
    const path = `/deliveries/export?format=xlsx&vendor=${sharma}&sort=delivery_date`;
    const res = await download(server, url(path), owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/deliveries-Green-Valley-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Deliveries');
    expect(sheet.getRow(2).getCell(1).value).toBe(`Site: ${SITE}`);
    let headerRow = 0;
    for (let n = 1; n <= 10 && !headerRow; n += 1) {
      if (sheet.getRow(n).getCell(1).value === 'Vendor') headerRow = n;
    }
    expect(headerRow).toBeGreaterThan(0);
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    const cell = (row: number, header: string) =>
      sheet.getRow(row).getCell(headers.indexOf(header) + 1);
    const first = headerRow + 1;
    expect(cell(first, 'Vendor').value).toBe('Sharma Traders');
    expect(cell(first, 'Items total').value).toBe(3703.65);
    expect(cell(first, 'Items total').numFmt).toBe('#,##0.00');
    expect(cell(first, 'Delivery date').value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(cell(first, 'Reverse charge').value).toBe('No');
    expect(cell(first + 1, 'Items total').value).toBe(166.68);
    expect(sheet.getRow(first + 2).getCell(1).value ?? null).toBeNull();

    const items = await download(server, url('/items/export?format=xlsx'), owner.token);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(items.bytes as unknown as ArrayBuffer);
    const itemSheet = book.worksheets[0]!;
    const rows = itemSheet.getSheetValues().filter(Boolean) as unknown[][];
    const head = rows.findIndex((r) => r[1] === 'Name');
    expect(rows[head]).toContain('GST rate');
    expect(rows[head]).toContain('Minimum stock level');
  });

  it('streams a list of two full chunks, every record once, in the asked order', async () => {
    const site = (await createSite(server.url, owner.token, { name: 'Bulk' })).id;
    const names = Array.from({ length: 1000 }, (_, i) => `Bulk ${String(i).padStart(4, '0')}`);
    for (const name of [...names].reverse()) await insertVendor(server, site, name);
    const res = await download(
      server,
      `/api/sites/${site}/vendors/export?format=csv&sort=name`,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(csvObjects(res.text).map((r) => r.Name)).toEqual(names);
  }, 120_000);
});
