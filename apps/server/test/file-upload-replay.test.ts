import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { insertDelivery, insertVendor } from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let owner: Registered;
let siteId: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
});
afterAll(async () => {
  await server?.close();
});

interface Upload {
  file: string;
  files: string[];
  code?: string;
}

function photo(): FormData {
  const data = new FormData();
  data.append('file', new Blob([PNG], { type: 'image/png' }), 'bill.png');
  return data;
}

function upload(deliveryId: string, key?: string) {
  return call<Upload>(server.url, 'POST', `/api/sites/${siteId}/deliveries/${deliveryId}/files`, {
    token: owner.token,
    rawBody: photo(),
    headers: key ? { 'idempotency-key': key } : {},
  });
}

function onDisk(): string[] {
  const dir = path.join(server.dataDir, 'files', siteId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function newDelivery(): Promise<string> {
  const vendor = await insertVendor(server, siteId, `Vendor ${Math.random()}`);
  const { delivery } = await insertDelivery(server, siteId, {
    vendor,
    date: '2026-11-20',
    itemsTotalPaise: 100,
    reference: null,
  });
  return delivery;
}

describe('a queued photo sent again', () => {
  it('is added once when the same Idempotency-Key comes back (an answer lost on the way)', async () => {
    const delivery = await newDelivery();
    const first = await upload(delivery, 'photo-key-0001');
    expect(first.status).toBe(200);
    expect(first.body.files).toHaveLength(1);
    const stored = onDisk().length;
    const again = await upload(delivery, 'photo-key-0001');
    expect(again.status).toBe(200);
    expect(again.body.files).toEqual(first.body.files);
    expect(again.body.file).toBe(first.body.file);
    // Nothing more on disk either.
    expect(onDisk()).toHaveLength(stored);
    // Another photo (another key) is added.
    const second = await upload(delivery, 'photo-key-0002');
    expect(second.body.files).toHaveLength(2);
    // Without a key every upload adds, as before.
    const plain = await upload(delivery);
    expect(plain.body.files).toHaveLength(3);
  });

  it('refuses a key already used for another record, and adds nothing', async () => {
    const one = await newDelivery();
    const two = await newDelivery();
    expect((await upload(one, 'photo-key-0100')).status).toBe(200);
    const stored = onDisk().length;
    const reused = await upload(two, 'photo-key-0100');
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('VALIDATION_FAILED');
    expect(onDisk()).toHaveLength(stored);
  });
});
