import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('meta', () => {
  it('GET /api/health reports ok, the version and the database', async () => {
    const res = await call(server.url, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      version: '0.10.1',
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    });
  });

  it('publishes OpenAPI at /api/openapi.json, generated from the route schemas, and docs at /api/docs', async () => {
    const res = await call<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>(server.url, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/me',
      '/api/sites',
      '/api/sites/{id}',
      '/api/sites/{id}/members',
      '/api/sites/{id}/disown',
    ]) {
      expect(Object.keys(res.body.paths)).toContain(path);
    }
    expect(JSON.stringify(res.body.paths['/api/auth/register']?.post?.requestBody)).toContain(
      'legal_accepted',
    );
    const docs = await fetch(`${server.url}/api/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/swagger/i);
  });
});

describe('error shape everywhere', () => {
  it('malformed JSON → 400 BAD_REQUEST in the contract shape', async () => {
    const res = await call(server.url, 'POST', '/api/auth/login', {
      rawBody: '{"email": "a@b.c",',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: expect.any(String),
      data: {},
    });
  });

  it('unknown routes → 404 NOT_FOUND, also with another method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/health'],
      ['POST', '/api/sites/x/unknown'],
    ] as const) {
      const res = await call(server.url, method, url);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND', data: {} });
    }
  });

  it('Accept-Language picks the message language; unknown languages fall back to English', async () => {
    const hi = await call(server.url, 'GET', '/api/me', { lang: 'hi' });
    expect(hi.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'उपयोगकर्ता प्रमाणित नहीं है' });
    const fr = await call(server.url, 'GET', '/api/me', { lang: 'fr-FR' });
    expect(fr.body).toMatchObject({ message: 'User not authenticated' });
    const ranked = await call(server.url, 'GET', '/api/me', { lang: 'fr;q=1, hi;q=0.8, en;q=0.5' });
    expect((ranked.body as { message: string }).message).toBe('उपयोगकर्ता प्रमाणित नहीं है');
  });

  it('unknown JSON fields are ignored', async () => {
    const user = await registerUser(server.url, {
      hacker: true,
      verified: true,
      id: 'aaaaaaaaaaaaaaa',
    });
    const me = await call(server.url, 'GET', '/api/me', { token: user.token });
    expect(me.body).toMatchObject({ verified: false });
    expect((me.body as { id: string }).id).not.toBe('aaaaaaaaaaaaaaa');
  });

  it('an uncaught fault answers 500 with a generic message, logged with its stack, no SQL to the client', async () => {
    const faulty = await startServer(
      {},
      {
        skipIntegrityCheck: 'this server has a table dropped on purpose',
      },
    );
    try {
      const user = await registerUser(faulty.url);
      // Break the database under the running server: the next site list hits a missing table.
      await sql`drop table site_invitations`.execute(faulty.ctx.db.kysely);
      await sql`alter table site_users rename to site_users_gone`.execute(faulty.ctx.db.kysely);
      const res = await call(faulty.url, 'GET', '/api/sites', { token: user.token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        status: 500,
        code: 'INTERNAL',
        message: 'Server error occurred',
        data: {},
      });
      expect(JSON.stringify(res.body)).not.toMatch(/site_users|select|stack|at /i);
      const logged = faulty.logs.find((line) => line.includes('unhandled error'));
      expect(logged).toBeDefined();
      expect(logged).toMatch(/"stack":".*site_users/);
    } finally {
      await faulty.close();
    }
  });
});

describe('validation messages', () => {
  it('VALIDATION_FAILED names each field with a code and a message in the caller language', async () => {
    const en = await call<{ data: Record<string, { code: string; message: string }> }>(
      server.url,
      'POST',
      '/api/auth/register',
      {
        body: { email: 'not-an-email', name: 5 },
      },
    );
    expect(en.status).toBe(400);
    expect(en.body.data.email).toEqual({
      code: 'invalid_format',
      message: 'Invalid email address',
    });
    expect(en.body.data.name?.code).toBe('invalid_type');
    const hi = await call<{
      message: string;
      data: Record<string, { code: string; message: string }>;
    }>(server.url, 'POST', '/api/auth/register', {
      body: { email: 'not-an-email', name: 5 },
      lang: 'hi',
    });
    expect(hi.body.message).toBe('कृपया अपनी जानकारी जाँचें');
    expect(hi.body.data.email?.message).toMatch(/[\u0900-\u097F]/);
    expect(hi.body.data.name?.message).toMatch(/[\u0900-\u097F]/);
  });
});

describe('serving the web app', () => {
  it('serves WEB_DIST_DIR files, client routes get index.html, /api stays JSON', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-web-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><title>SiteLedger</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    const web = await startServer({ WEB_DIST_DIR: dir });
    try {
      for (const route of ['/', '/select-site', '/items/abc', '/reset-password?token=x']) {
        const res = await fetch(`${web.url}${route}`);
        expect(res.status, route).toBe(200);
        expect(await res.text()).toContain('<title>SiteLedger</title>');
      }
      const js = await fetch(`${web.url}/assets/app.js`);
      expect(js.headers.get('content-type')).toMatch(/javascript/);
      const api = await call(web.url, 'GET', '/api/unknown');
      expect(api.status).toBe(404);
      expect(api.body).toMatchObject({ code: 'NOT_FOUND' });
      // A rebuilt web app is served without a restart.
      fs.writeFileSync(path.join(dir, 'assets', 'new-build.js'), 'console.log(2)');
      const fresh = await fetch(`${web.url}/assets/new-build.js`);
      expect(await fresh.text()).toBe('console.log(2)');
      expect(fresh.headers.get('cache-control')).toContain('immutable');
      const post = await call(web.url, 'POST', '/select-site');
      expect(post.status).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
