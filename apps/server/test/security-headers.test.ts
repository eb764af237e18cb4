import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * The headers every answer carries (platform/security-headers.ts, platform/csp.ts), pinned
 * exactly: a directive or header that is loosened, dropped or added fails here.
 */

/** The policy of a server with neither Turnstile nor Razorpay configured. */
const BASE_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // The web app loads no web fonts.
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'frame-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
};

const OTHER_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function parseCsp(header: string | null): Record<string, string[]> {
  expect(header, 'content-security-policy').toBeTruthy();
  const directives: Record<string, string[]> = {};
  for (const part of header!.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives, `directive ${name} twice`).not.toHaveProperty(name);
    directives[name.toLowerCase()] = values;
  }
  return directives;
}

function expectSecurityHeaders(headers: Headers, csp: Record<string, string[]>, what: string) {
  expect(parseCsp(headers.get('content-security-policy')), what).toEqual(csp);
  for (const [name, value] of Object.entries(OTHER_HEADERS)) {
    expect(headers.get(name), `${what}: ${name}`).toBe(value);
  }
  expect(headers.get('x-powered-by'), `${what}: x-powered-by`).toBeNull();
  expect(headers.get('server'), `${what}: server`).toBeNull();
  expect(headers.get('content-security-policy-report-only'), what).toBeNull();
}

/** The answers to check: an HTML page, a client route, API JSON and API errors. */
async function answers(url: string) {
  return {
    'GET / (HTML)': await fetch(`${url}/`),
    'GET /login (SPA fallback)': await fetch(`${url}/login`),
    'GET /api/health (JSON)': await fetch(`${url}/api/health`),
    'GET /api/no-such-route (404)': await fetch(`${url}/api/no-such-route`),
    'GET /api/me without a session (401)': await fetch(`${url}/api/me`),
  };
}

let webDir: string;
let server: TestServer;

beforeAll(async () => {
  // The server suite cannot count on a web build (`npm test` does not build): a stand-in
  // dist with the shape Vite writes is served instead.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>SiteLedger</title><div id="root"></div>' +
      '<script type="module" src="/assets/index-abc123.js"></script>',
  );
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startServer({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends the strict policy and the same headers on HTML, API JSON and API errors', async () => {
    const seen = await answers(server.url);
    expect(seen['GET / (HTML)'].headers.get('content-type')).toMatch(/^text\/html/);
    expect(await seen['GET /login (SPA fallback)'].text()).toContain('<title>SiteLedger</title>');
    expect(seen['GET /api/health (JSON)'].headers.get('content-type')).toMatch(
      /^application\/json/,
    );
    expect(seen['GET /api/no-such-route (404)'].status).toBe(404);
    expect(await seen['GET /api/no-such-route (404)'].json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(seen['GET /api/me without a session (401)'].status).toBe(401);
    for (const [what, res] of Object.entries(seen))
      expectSecurityHeaders(res.headers, BASE_CSP, what);

    const asset = await fetch(`${server.url}/assets/index-abc123.js`);
    expectSecurityHeaders(asset.headers, BASE_CSP, 'static asset');
  });

  it('never lets scripts run inline or from eval, and never lets the app be framed', async () => {
    // Spelled out beside the exact comparison above, so the reason for each is on record.
    const csp = parseCsp((await fetch(`${server.url}/`)).headers.get('content-security-policy'));
    for (const directive of ['script-src', 'default-src', 'script-src-attr']) {
      expect(csp[directive]).not.toContain("'unsafe-inline'");
      expect(csp[directive]).not.toContain("'unsafe-eval'");
      expect(csp[directive]?.some((v) => v.endsWith(':') || v.includes('*'))).toBe(false);
    }
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('sends the headers on API answers of a server without a web build too', async () => {
    const apiOnly = await startServer({ WEB_DIST_DIR: path.join(webDir, 'missing') });
    try {
      const notFound = await call(apiOnly.url, 'GET', '/login');
      expect(notFound.status).toBe(404);
      expectSecurityHeaders(notFound.headers, BASE_CSP, 'GET /login without a web build');
      const health = await fetch(`${apiOnly.url}/api/health`);
      expectSecurityHeaders(health.headers, BASE_CSP, 'GET /api/health without a web build');
    } finally {
      await apiOnly.close();
    }
  });

  it('trusts the Turnstile and Razorpay origins only when each is configured', async () => {
    const turnstile = {
      'script-src': ["'self'", 'https://challenges.cloudflare.com'],
      'frame-src': ["'self'", 'https://challenges.cloudflare.com'],
    };
    const razorpay = {
      'script-src': ["'self'", 'https://checkout.razorpay.com'],
      'frame-src': ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
      'connect-src': ["'self'", 'https://lumberjack.razorpay.com'],
    };
    const cases: { env: Record<string, string>; csp: Record<string, string[]> }[] = [
      // A secret without a site key puts no widget on the page: nothing to trust.
      { env: { TURNSTILE_SECRET_KEY: 'secret' }, csp: BASE_CSP },
      {
        env: { TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 'secret' },
        csp: { ...BASE_CSP, ...turnstile },
      },
      {
        env: { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'y' },
        csp: { ...BASE_CSP, ...razorpay },
      },
      {
        env: {
          TURNSTILE_SITE_KEY: 'site-key',
          TURNSTILE_SECRET_KEY: 'secret',
          RAZORPAY_KEY_ID: 'rzp_test_x',
          RAZORPAY_KEY_SECRET: 'y',
        },
        csp: {
          ...BASE_CSP,
          ...razorpay,
          'script-src': [
            "'self'",
            'https://challenges.cloudflare.com',
            'https://checkout.razorpay.com',
          ],
          'frame-src': [
            "'self'",
            'https://challenges.cloudflare.com',
            'https://api.razorpay.com',
            'https://checkout.razorpay.com',
          ],
        },
      },
      {
        // Checkout.js from elsewhere (a test's fake): that origin, not the whole of it, is trusted.
        env: {
          RAZORPAY_KEY_ID: 'rzp_test_x',
          RAZORPAY_KEY_SECRET: 'y',
          RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:9/v1/checkout.js',
        },
        csp: {
          ...BASE_CSP,
          ...razorpay,
          'script-src': ["'self'", 'http://127.0.0.1:9'],
          'frame-src': [...razorpay['frame-src'], 'http://127.0.0.1:9'],
        },
      },
    ];
    for (const { env, csp } of cases) {
      const configured = await startServer({ ...env, WEB_DIST_DIR: webDir });
      try {
        for (const [what, res] of Object.entries(await answers(configured.url))) {
          expectSecurityHeaders(res.headers, csp, `${Object.keys(env).join(', ')}: ${what}`);
        }
      } finally {
        await configured.close();
      }
    }
    // Five servers, each with a fresh database (on PostgreSQL, a CREATE DATABASE each).
  }, 120_000);

  const builtIndex = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../web/dist/index.html',
  );
  it.skipIf(!fs.existsSync(builtIndex))(
    'the built web app needs nothing the policy forbids: no inline script or handler',
    () => {
      const html = fs.readFileSync(builtIndex, 'utf8');
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
        expect(tag, 'every script is a file').toMatch(/\bsrc=/);
      }
      expect(html).not.toMatch(/<script\b[^>]*>\s*[^<\s]/);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    },
  );
});
