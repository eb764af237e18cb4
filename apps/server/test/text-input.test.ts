/**
 * Text that a database cannot hold the same way (issue 17): NUL and other C0 controls, lone
 * surrogates, line breaks in one-line fields. Every one is refused with 400 on the field, the
 * same on SQLite and PostgreSQL, and writes nothing; real Unicode (Hindi, emoji, right-to-left
 * marks, combining marks) is stored and read back exactly. A body over the limit answers 413
 * with the JSON error even to a client that is still sending it.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { databaseDigest } from './helpers/db-digest.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let vendorId: string;

interface ErrorBody {
  status: number;
  code: string;
  message: string;
  data: Record<string, { code: string; message: string }>;
}

const site = (p: string) => `/api/sites/${siteId}${p}`;
const digest = () => databaseDigest(server.ctx.db.kysely);

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  const vendor = await call<{ id: string }>(server.url, 'POST', site('/vendors'), {
    token: owner.token,
    body: { name: 'Shree Traders' },
  });
  vendorId = vendor.body.id;
});
afterAll(async () => {
  await server?.close();
});

/** Calls, expects 400 VALIDATION_FAILED on `field` with `code`, and that nothing was written. */
async function expectRefused(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string | FormData; lang?: string },
  field: string,
  code = 'control_character',
) {
  const before = await digest();
  const res = await call<ErrorBody>(server.url, method, path, { token: owner.token, ...options });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.data[field]?.code, JSON.stringify(res.body.data)).toBe(code);
  expect(await digest()).toBe(before);
  return res.body;
}

describe('control characters in a body field', () => {
  it('refuses a NUL in a vendor name (it was a 500 on PostgreSQL)', async () => {
    const body = await expectRefused(
      'POST',
      site('/vendors'),
      { body: { name: 'a\u0000b' } },
      'name',
    );
    expect(body.data.name?.message).toBe('Contains a control character that cannot be saved');
  });

  it('refuses other C0 controls, in nested fields and on PATCH, in the caller’s language', async () => {
    await expectRefused(
      'PATCH',
      site(`/vendors/${vendorId}`),
      { body: { address: 'x\u0007' } },
      'address',
    );
    const hi = await expectRefused(
      'POST',
      site('/deliveries'),
      {
        lang: 'hi',
        body: {
          vendor: vendorId,
          delivery_date: '2026-11-10',
          delivery_items: [
            { item: 'nosuchrecord000', quantity: 1, unit_price: 1, notes: '\u001b[31m' },
          ],
        },
      },
      'delivery_items.0.notes',
    );
    expect(hi.data['delivery_items.0.notes']?.message).toBe(
      'इसमें ऐसा नियंत्रण वर्ण है जिसे सहेजा नहीं जा सकता',
    );
  });

  it('refuses a NUL in a field’s name, not only in its value', async () => {
    await expectRefused(
      'POST',
      site('/vendors'),
      { rawBody: '{"name":"ok","x\\u0000":1}' },
      'x\u0000',
    );
  });

  it('refuses a lone surrogate rather than letting each driver replace it', async () => {
    await expectRefused(
      'POST',
      site('/vendors'),
      { rawBody: '{"name":"a\\ud800b"}' },
      'name',
      'invalid_unicode',
    );
    await expectRefused(
      'POST',
      site('/vendors'),
      { rawBody: '{"name":"\\udc00"}' },
      'name',
      'invalid_unicode',
    );
  });

  it('refuses a line break or tab in a one-line field and keeps them in notes', async () => {
    await expectRefused(
      'POST',
      site('/vendors'),
      { body: { name: 'Shree\nTraders' } },
      'name',
      'line_break',
    );
    await expectRefused(
      'POST',
      site('/vendors'),
      { body: { name: 'Shree\tTraders' } },
      'name',
      'line_break',
    );
    const ok = await call<{ address: string; payment_details: string }>(
      server.url,
      'POST',
      site('/vendors'),
      {
        token: owner.token,
        body: {
          name: 'Multi Line',
          address: 'Plot 4\r\nMIDC\tPune',
          payment_details: 'A/c 1\nIFSC X',
        },
      },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.address).toBe('Plot 4\r\nMIDC\tPune');
    expect(ok.body.payment_details).toBe('A/c 1\nIFSC X');
  });

  it('refuses control characters in sign-up and sign-in too', async () => {
    // Sign-up and sign-in are rate limited, which counts in the database: compare users only.
    const users = () =>
      server.ctx.db.kysely.selectFrom('users').select(['id', 'name', 'email']).execute();
    const before = await users();
    const res = await call<ErrorBody>(server.url, 'POST', '/api/auth/register', {
      body: {
        name: 'N\u0000',
        email: 'nul@example.in',
        password: 'secret123',
        passwordConfirm: 'secret123',
        legal_accepted: true,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.name?.code).toBe('control_character');
    const login = await call<ErrorBody>(server.url, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: 'secret\u0000123' },
    });
    expect(login.status).toBe(400);
    expect(login.body.data.password?.code).toBe('control_character');
    expect(await users()).toEqual(before);
  });
});

describe('control characters in the URL', () => {
  it('refuses a NUL in a search, a filter and a date (search matched everything on SQLite)', async () => {
    await expectRefused('GET', site('/vendors?q=%00'), {}, 'q');
    await expectRefused('GET', site('/deliveries?vendor=%00abc'), {}, 'vendor');
    await expectRefused('GET', site('/deliveries?from=2026-01-01%00'), {}, 'from');
    await expectRefused('GET', site('/deliveries?sort=%01name'), {}, 'sort');
  });

  it('refuses a NUL in a path parameter before any lookup', async () => {
    await expectRefused('GET', '/api/sites/%00/vendors', {}, 'siteId');
    await expectRefused('GET', site('/vendors/abc%00'), {}, 'id');
  });
});

describe('control characters in multipart forms', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('refuses a field name with a NUL in an upload and writes no file', async () => {
    const form = new FormData();
    form.append('fi\u0000le', new Blob([png], { type: 'image/png' }), 'a.png');
    await expectRefused(
      'POST',
      site(`/vendors/${vendorId}/files`),
      { rawBody: form },
      'fi\u0000le',
    );
  });

  it('refuses a file name with a control character', async () => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a\u0001.png');
    await expectRefused('POST', site(`/vendors/${vendorId}/files`), { rawBody: form }, 'file');
  });

  it('refuses a profile form whose field name or value holds a NUL', async () => {
    const named = new FormData();
    named.append('na\u0000me', 'Ravi');
    await expectRefused('PATCH', '/api/me', { rawBody: named }, 'na\u0000me');
    const valued = new FormData();
    valued.append('name', 'Ra\u0000vi');
    await expectRefused('PATCH', '/api/me', { rawBody: valued }, 'name');
  });
});

describe('real Unicode is kept exactly', () => {
  it('stores Hindi, emoji, right-to-left marks and combining marks and reads them back', async () => {
    const names = [
      'श्री सीमेंट ट्रेडर्स',
      'Bricks 🧱 & Co 👷🏽‍♀️',
      'abc\u202Eexe.txt',
      'Ca\u0301fe\u0308 \u0915\u094D\u200D\u0937',
      'ﷺ ﷽ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    ];
    for (const name of names) {
      const created = await call<{ id: string; name: string }>(
        server.url,
        'POST',
        site('/vendors'),
        {
          token: owner.token,
          body: { name },
        },
      );
      expect(created.status, name).toBe(201);
      const read = await call<{ name: string }>(
        server.url,
        'GET',
        site(`/vendors/${created.body.id}`),
        {
          token: owner.token,
        },
      );
      expect(read.body.name).toBe(name);
      const found = await call<{ items: { id: string }[] }>(
        server.url,
        'GET',
        site(`/vendors?q=${encodeURIComponent(name.slice(0, 4))}`),
        { token: owner.token },
      );
      expect(found.status).toBe(200);
      expect(found.body.items.map((v) => v.id)).toContain(created.body.id);
    }
  });
});

describe('a body over the limit', () => {
  it('answers 413 with the JSON error to a client still sending, without a broken pipe', async () => {
    const total = 40 * 1024 * 1024;
    // Settles once the answer has been read and the body has been sent or has failed.
    const errors: string[] = [];
    const result = await new Promise<{ status: number; body: string }>((resolve) => {
      const { hostname, port } = new URL(server.url);
      let answer: { status: number; body: string } | null = null;
      let sending = true;
      const settle = () => {
        if (answer && !sending) resolve(answer);
      };
      const req = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: site('/vendors'),
          headers: {
            authorization: `Bearer ${owner.token}`,
            'content-type': 'application/json',
            'content-length': total,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            answer = { status: res.statusCode ?? 0, body: text };
            settle();
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        errors.push(error.code ?? error.message);
        sending = false;
        answer ??= { status: 0, body: '' };
        settle();
      });
      req.on('finish', () => {
        sending = false;
        settle();
      });
      const chunk = Buffer.alloc(64 * 1024, 0x78);
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
    expect(errors).toEqual([]);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});
