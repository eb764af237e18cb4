/**
 * BOQ import (issue 45): POST /api/sites/{siteId}/budget_lines/import over HTTP on a real server
 * and database. A CSV with a title row, Indian commas and ₹, good rows and one bad row of each
 * kind; the preview writes nothing; a commit creates only the valid rows, with their budgets to
 * the paisa, their items linked and their audit entries; an XLSX made with exceljs; the wrong
 * file type, a file too large, too many rows, and roles other than the owner refused.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

interface Issue {
  field: string;
  code: string;
  message: string;
  params?: Record<string, string | number>;
}
interface Row {
  row: number;
  head: string | null;
  name: string;
  item: string | null;
  item_name: string | null;
  unit: string | null;
  quantity: number | null;
  unit_rate: number | null;
  amount: number | null;
  errors: Issue[];
  warnings: Issue[];
  created?: string;
}
interface Result {
  rows: Row[];
  valid: number;
  invalid: number;
  total_budget: number;
  created?: string[];
}
interface Line {
  id: string;
  head: string;
  name: string;
  item: string | null;
  quantity: number | null;
  unit_rate: number | null;
  amount: number;
}
interface ErrorBody {
  code: string;
  data: Record<string, unknown> & Partial<Result>;
}

let server: TestServer;
let owner: Registered;
let siteId: string;
let cement: string;
let steel: string;

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token: owner.token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

function upload<T = Result>(
  bytes: Buffer | string,
  options: { preview?: boolean; who?: Registered; name?: string; key?: string } = {},
) {
  const form = new FormData();
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  form.append('file', new Blob([new Uint8Array(data)]), options.name ?? 'boq.csv');
  const query = options.preview ? '?preview=true' : '';
  return call<T>(server.url, 'POST', url(`/budget_lines/import${query}`), {
    token: (options.who ?? owner).token,
    rawBody: form,
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
}

const lines = async () =>
  (await ok<{ items: Line[] }>('GET', '/budget_lines?perPage=500&sort=name')).items;

/** Title row, header, then sheet rows 3…19 (row 8 empty); the comment says what each row is. */
const BOQ = [
  'BOQ — Block A civil works (Rev 2),,,,,,',
  // "Item" heads the numbering here; the item text is under Description.
  'Item,Description,Unit,Qty,Rate (₹),Amount,Head',
  '1,Cement OPC 53,bag,"1,200",₹385.50,"4,62,600.00",', // 3 good: item, amount agrees
  '2,TMT Steel 12mm,KG,"12,500.5",62.35,,', // 4 good: item (unit case differs), paisa rounding
  '3,Excavation in foundation,cum,450,"1,250",,Subcontract', // 5 good: no item, head named
  '4,Shuttering labour,sqm,300,45,,labour', // 6 already on the site
  '5,Cement OPC 53,bag,10,380,,', // 7 twice in the file
  ',,,,,,', // 8 empty: skipped
  '6,River sand,brass,-5,4000,,material', // 9 quantity not positive (and no such item)
  '7,Bricks,nos,1000,abc,,other', // 10 rate not a number
  '8,Plaster,sqm,,,,other', // 11 neither quantity × rate nor amount
  '9,Scaffolding hire,month,3,15000,,machinery', // 12 unknown head
  '10,Waterproofing,sqm,100,120.50,"12,000",other', // 13 amount ≠ quantity × rate
  '11,,nos,5,100,,other', // 14 no name
  '12,TMT Steel 8mm,MT,2,62000,,', // 15 unit differs from the item's
  '13,Site office overheads,,,,"Rs. 2,50,000",overhead', // 16 good: amount only
  '14,Curing compound,litre,12.5,333.33,"4,167",other', // 17 good: amount rounded to the rupee
  ',Grand Total,,,,"20,58,672.81",', // 18 the BOQ's sum, not a line
  'B,SUPERSTRUCTURE,,,,,', // 19 a section heading: text only, left out
].join('\r\n');

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url, { name: 'Owner Asha' });
  siteId = (await createSite(server.url, owner.token)).id;
  cement = (await ok<{ id: string }>('POST', '/items', { name: 'Cement OPC 53', unit: 'bag' })).id;
  steel = (await ok<{ id: string }>('POST', '/items', { name: 'tmt steel 12mm', unit: 'kg' })).id;
  await ok('POST', '/items', { name: 'TMT Steel 8mm', unit: 'kg' });
  await ok('POST', '/budget_lines', { head: 'labour', name: 'Shuttering Labour', amount: 13500 });
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

const codes = (row: Row | undefined) => row?.errors.map((e) => `${e.field}:${e.code}`) ?? [];

describe('BOQ import', () => {
  it('previews every row with its budget and its errors, and writes nothing', async () => {
    const res = await upload(`\uFEFF${BOQ}`, { preview: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows } = res.body;
    const at = (n: number) => rows.find((r) => r.row === n);
    expect(rows.map((r) => r.row)).toEqual([3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(res.body).toMatchObject({ valid: 5, invalid: 10 });
    // 4,62,600 + 7,79,406.18 + 5,62,500 + 2,50,000 + 4,166.63
    expect(res.body.total_budget).toBe(2058672.81);

    expect(at(3)).toMatchObject({
      head: 'material',
      name: 'Cement OPC 53',
      item: cement,
      item_name: 'Cement OPC 53',
      unit: 'bag',
      quantity: 1200,
      unit_rate: 385.5,
      amount: 462600,
      errors: [],
    });
    // 12,500.5 × 62.35 = 7,79,406.175 → rounded once, to the paisa.
    expect(at(4)).toMatchObject({ item: steel, head: 'material', amount: 779406.18, errors: [] });
    expect(at(5)).toMatchObject({ head: 'subcontract', item: null, amount: 562500, errors: [] });
    expect(at(16)).toMatchObject({ head: 'overhead', quantity: null, amount: 250000, errors: [] });
    expect(at(17)).toMatchObject({ amount: 4166.63, errors: [] });
    expect(at(17)!.warnings.map((w) => w.code)).toEqual(['amount_rounded']);

    expect(codes(at(6))).toEqual(['name:line_exists']);
    expect(codes(at(7))).toEqual(['name:duplicate_in_file']);
    expect(at(7)!.errors[0]!.params).toMatchObject({ row: 3 });
    expect(codes(at(9))).toEqual(['quantity:not_positive']);
    expect(at(9)!.warnings.map((w) => w.code)).toEqual(['no_item']);
    expect(codes(at(10))).toEqual(['unit_rate:not_rate']);
    expect(codes(at(11))).toEqual(['amount:no_budget']);
    expect(codes(at(12))).toEqual(['head:unknown_head']);
    expect(codes(at(13))).toEqual(['amount:amount_mismatch']);
    expect(at(13)!.errors[0]!.message).toContain('12,050.00');
    expect(codes(at(14))).toEqual(['name:no_name']);
    expect(codes(at(15))).toEqual(['unit:unit_mismatch']);
    expect(at(15)!.errors[0]!.message).toMatch(/MT.*kg/);
    expect(codes(at(18))).toEqual(['name:total_row']);

    expect((await lines()).map((l) => l.name)).toEqual(['Shuttering Labour']);
  });

  it('creates only the valid rows, with their budgets, items and audit entries', async () => {
    const res = await upload(BOQ);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ valid: 5, invalid: 10, total_budget: 2058672.81 });
    expect(res.body.created).toHaveLength(5);
    const made = res.body.rows.filter((r) => r.created).map((r) => r.row);
    expect(made).toEqual([3, 4, 5, 16, 17]);

    const all = await lines();
    expect(all.map((l) => [l.name, l.head, l.item, l.quantity, l.unit_rate, l.amount])).toEqual([
      ['Cement OPC 53', 'material', cement, 1200, 385.5, 462600],
      ['Curing compound', 'other', null, 12.5, 333.33, 4166.63],
      ['Excavation in foundation', 'subcontract', null, 450, 1250, 562500],
      ['Shuttering Labour', 'labour', null, null, null, 13500],
      ['Site office overheads', 'overhead', null, null, null, 250000],
      ['TMT Steel 12mm', 'material', steel, 12500.5, 62.35, 779406.18],
    ]);
    const ids = new Set(all.map((l) => l.id));
    for (const id of res.body.created!) expect(ids.has(id)).toBe(true);

    const cementLine = all.find((l) => l.name === 'Cement OPC 53')!;
    const trail = await ok<{ items: { action: string; changes: Record<string, unknown> }[] }>(
      'GET',
      `/audit/budget_lines/${cementLine.id}`,
    );
    expect(trail.items.map((e) => e.action)).toEqual(['create']);
    expect(trail.items[0]!.changes.amount).toEqual({ old: null, new: 462600 });

    // The same file again: every good row is now on the site.
    const again = await upload<ErrorBody>(BOQ);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('VALIDATION_FAILED');
    expect(again.body.data.valid).toBe(0);
    expect(codes(again.body.data.rows!.find((r) => r.row === 3))).toEqual(['name:line_exists']);
    expect(await lines()).toHaveLength(6);
  });

  it('answers a repeated Idempotency-Key with the lines the first request made', async () => {
    const first = await upload(BOQ, { key: 'boq-import-0001' });
    expect(first.status).toBe(201);
    const repeat = await upload(BOQ, { key: 'boq-import-0001' });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(201);
    expect([...repeat.body.created!].sort()).toEqual([...first.body.created!].sort());
    expect(repeat.body.rows.filter((r) => r.created).map((r) => r.created)).toEqual(
      first.body.rows.filter((r) => r.created).map((r) => r.created),
    );
    expect(await lines()).toHaveLength(6);
  });

  it('adds the lines once when the same BOQ is imported twice at once', async () => {
    const [a, b] = await Promise.all([
      upload(BOQ, { key: 'boq-race-a' }),
      upload(BOQ, { key: 'boq-race-b' }),
    ]);
    // One import wins; the other finds its lines already there and adds none.
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const lost = (a.status === 400 ? a : b) as unknown as { body: ErrorBody };
    expect(lost.body.code).toBe('VALIDATION_FAILED');
    expect(lost.body.data.valid).toBe(0);
    expect(codes(lost.body.data.rows!.find((r) => r.row === 3))).toEqual(['name:line_exists']);
    expect(await lines()).toHaveLength(6);
  });

  it('reads the first sheet of an XLSX: title row, numbers, formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('BOQ');
    sheet.addRow(['Bill of quantities — Block B']);
    sheet.mergeCells('A1:E1');
    sheet.addRow(['Particulars', 'UOM', 'Quantity', 'Unit Rate', 'Amount']);
    sheet.addRow(['Cement OPC 53', 'Bag', 800, 390.25, { formula: 'C3*D3', result: 312200 }]);
    sheet.addRow([]);
    sheet.addRow(['Electrical fittings', 'lot', 1, '₹1,85,000', null]);
    sheet.addRow(['Cement OPC 53', 'bag', 'ten', 390, null]);
    workbook.addWorksheet('Notes').addRow(['Quantity', 'ignored']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const res = await upload(bytes, { name: 'boq.bin' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.rows.map((r) => [r.row, r.name, r.amount, codes(r)])).toEqual([
      [3, 'Cement OPC 53', 312200, []],
      [5, 'Electrical fittings', 185000, []],
      [6, 'Cement OPC 53', null, ['quantity:not_positive', 'name:duplicate_in_file']],
    ]);
    expect(res.body.rows[1]!.head).toBe('other');
    const all = await lines();
    expect(all.find((l) => l.name === 'Cement OPC 53')).toMatchObject({
      item: cement,
      quantity: 800,
      unit_rate: 390.25,
      amount: 312200,
    });
  });

  it('refuses a file that is neither CSV nor XLSX, one too large, and too many rows', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const wrong = await upload<ErrorBody>(png, { name: 'boq.csv', preview: true });
    expect(wrong.status).toBe(415);
    expect(wrong.body.code).toBe('INVALID_FILE_TYPE');
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]);
    expect((await upload<ErrorBody>(zip, { name: 'boq.xlsx' })).status).toBe(415);

    const big = `Item,Qty,Rate\n${'Sand,1,100\n'.repeat(200_000)}`;
    const large = await upload<ErrorBody>(big, { preview: true });
    expect(large.status).toBe(413);
    expect(large.body.code).toBe('FILE_TOO_LARGE');

    const many = `Item,Qty,Rate\n${Array.from({ length: 2001 }, (_, i) => `Line ${i},1,1`).join('\n')}`;
    const tooMany = await upload<ErrorBody>(many, { preview: true });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.file).toMatchObject({ code: 'too_many_rows' });

    const noHeader = await upload<ErrorBody>('just,some,words\n', { preview: true });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.data.file).toMatchObject({ code: 'no_header' });
    expect(await lines()).toHaveLength(1);
  });

  it('lets only owners import', async () => {
    for (const role of ['supervisor', 'accountant'] as const) {
      const member = await registerUser(server.url);
      await addMember(server, siteId, member.user.id, role);
      for (const preview of [true, false]) {
        const res = await upload<ErrorBody>(BOQ, { who: member, preview });
        expect(res.status, `${role} preview=${preview}`).toBe(403);
      }
    }
    expect(await lines()).toHaveLength(1);
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = await call<{ paths: Record<string, { post?: { tags?: string[] } }> }>(
      server.url,
      'GET',
      '/api/openapi.json',
    );
    const path = doc.body.paths['/api/sites/{siteId}/budget_lines/import'];
    expect(path?.post?.tags).toEqual(['budget_lines']);
  });
});
