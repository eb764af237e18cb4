import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv } from './helpers/csv-parse.js';
import { buildExportLedger, download, type ExportLedger } from './helpers/export-fixtures.js';
import { addMember } from './helpers/fixtures.js';
import { moneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let ledger: ExportLedger;
let accountant: Registered;
let supervisor: Registered;
let outsider: Registered;
let foreign: { vendor: string; account: string };

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  ledger = await buildExportLedger(server);
  accountant = await registerUser(server.url);
  await addMember(server, ledger.siteId, accountant.user.id, 'accountant');
  supervisor = await registerUser(server.url);
  await addMember(server, ledger.siteId, supervisor.user.id, 'supervisor');
  // A member of another site only: not of this one.
  outsider = await registerUser(server.url);
  const otherSite = (await createSite(server.url, outsider.token, { name: 'Other site' })).id;
  const kit = moneyKit(server, otherSite, outsider.token);
  foreign = { vendor: await kit.vendor('Foreign vendor'), account: await kit.account(100) };
});
afterAll(async () => {
  await server?.close();
});

describe('every role that may export gets every file', () => {
  it('owner, supervisor and accountant (canExport and canViewFinancials)', async () => {
    const paths = [
      `/vendors/${ledger.vendor}/export?format=csv`,
      `/vendors/${ledger.vendor}/export?format=pdf`,
      `/vendors/${ledger.vendor}/export?format=tally`,
      `/vendors/${ledger.vendor}/export?format=xlsx`,
      `/accounts/${ledger.cash}/statement?format=csv`,
      `/accounts/${ledger.cash}/statement?format=pdf`,
      `/accounts/${ledger.cash}/statement?format=xlsx`,
    ];
    for (const member of [ledger.owner, supervisor, accountant]) {
      for (const path of paths) {
        const res = await download(server, ledger.url(path), member.token);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-disposition'), path).toMatch(/^attachment; filename="/);
      }
    }
    const cash = await download(
      server,
      ledger.url(`/accounts/${ledger.cash}/statement?format=csv`),
      accountant.token,
    );
    expect(parseExportCsv(cash.text).map((row) => [row[1], row[6]])).toEqual([
      ['Description', 'Balance'],
      ['Opening balance', '50000.00'],
      ['Payment to शर्मा & Sons "Cement"', '44000.00'],
      ['Closing balance', '44000.00'],
    ]);
  });
});

describe('who may export, and bad requests', () => {
  const vendorPath = () => ledger.url(`/vendors/${ledger.vendor}/export?format=csv`);

  it('anonymous 401; another site’s member 403; another site’s vendor or account 404', async () => {
    const anonymous = await call(server.url, 'GET', vendorPath());
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    const stranger = await call(server.url, 'GET', vendorPath(), { token: outsider.token });
    expect(stranger).toMatchObject({ status: 403, body: { code: 'ACCESS_DENIED' } });
    const statement = await call(
      server.url,
      'GET',
      ledger.url(`/accounts/${ledger.bank}/statement?format=pdf`),
      { token: outsider.token },
    );
    expect(statement.status).toBe(403);

    const otherVendor = await call(
      server.url,
      'GET',
      ledger.url(`/vendors/${foreign.vendor}/export?format=pdf`),
      { token: ledger.owner.token },
    );
    expect(otherVendor).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Vendor not found' },
    });
    const otherAccount = await call(
      server.url,
      'GET',
      ledger.url(`/accounts/${foreign.account}/statement?format=csv`),
      { token: ledger.owner.token, lang: 'hi' },
    );
    expect(otherAccount).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((otherAccount.body as { message: string }).message).toMatch(/[\u0900-\u097f]/);
  });

  it('a bad format or date is 400 VALIDATION_FAILED, in the caller’s language', async () => {
    const cases = [
      `/vendors/${ledger.vendor}/export?format=xls`,
      `/vendors/${ledger.vendor}/export`,
      `/vendors/${ledger.vendor}/export?format=csv&from=2026-02-30`,
      `/vendors/${ledger.vendor}/export?format=csv&from=2026-03-01&to=2026-02-01`,
      `/accounts/${ledger.bank}/statement?format=tally`,
      `/accounts/${ledger.bank}/statement?format=csv&to=01-02-2026`,
    ];
    for (const path of cases) {
      const res = await call<{ code: string; data: Record<string, unknown> }>(
        server.url,
        'GET',
        ledger.url(path),
        { token: ledger.owner.token },
      );
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('VALIDATION_FAILED');
    }
    const reversed = await call<{ message: string; data: Record<string, unknown> }>(
      server.url,
      'GET',
      ledger.url(`/vendors/${ledger.vendor}/export?format=csv&from=2026-03-01&to=2026-02-01`),
      { token: ledger.owner.token, lang: 'hi' },
    );
    expect(Object.keys(reversed.body.data)).toEqual(['to']);
    expect(reversed.body.message).toBe('कृपया अपनी जानकारी जाँचें');
  });
});
