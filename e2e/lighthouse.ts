/**
 * Lighthouse over the built product in Debian's Chromium (`npm run lighthouse`): the sign-in page,
 * the dashboard and the deliveries list, signed in as a real user. Prints each page's category
 * scores and whether the browser finds the app installable (manifest, icons, service worker),
 * which Lighthouse 12 no longer audits itself.
 *
 *   npm run lighthouse                        # own server, fresh data, mobile profile
 *   npm run lighthouse -- --base http://127.0.0.1:8080 --email a@b.in --password secret123
 *   options: --pages /login,/,/deliveries  --desktop  --out report.md
 *
 * `:busiest` in a page stands for the id of the site's vendor with the most deliveries (counted
 * through the API as the signed-in user), or for `--vendor <id>` when given:
 *   --pages /vendors/:busiest                          # its page, with the long ledger
 *   --pages '/payments?new=1&vendor=:busiest'          # the payment form opened for it (the
 *                                                      # ledger's "Record payment" link)
 * Without `--email` it registers a new account whose site has one vendor with one delivery (so
 * `:busiest` has a page and a payment form on a new site too).
 * `--inp` adds a scripted visit in the same Chromium, mobile viewport and 4× CPU slowdown: on
 * /deliveries open the vendor filter, type `--inp-search` (default "ven"), take the first match,
 * open the first delivery; prints each interaction and the slowest (INP) against ≤ 200 ms.
 * `--pages none` skips Lighthouse (INP only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createAccountWithSite } from './support/accounts';
import { request } from './support/http';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';
import { inpReport, measureDeliveriesInp, type InpResult } from './support/interaction-timing';
import { startBuiltServer, type BuiltServer } from './support/server';

interface Options {
  base: string | null;
  email: string | null;
  password: string;
  pages: string[];
  desktop: boolean;
  out: string | null;
  vendor: string | null;
  inp: boolean;
  inpSearch: string;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? (argv[at + 1] ?? null) : null;
  };
  return {
    base: value('base'),
    email: value('email'),
    password: value('password') ?? 'secret123',
    pages: (value('pages') ?? '/login,/,/deliveries')
      .split(',')
      .filter((page) => page && page !== 'none'),
    desktop: argv.includes('--desktop'),
    out: value('out'),
    vendor: value('vendor'),
    inp: argv.includes('--inp'),
    inpSearch: value('inp-search') ?? 'ven',
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageScores {
  page: string;
  scores: Record<string, number | null>;
  metrics: Record<string, string>;
  failing: string[];
}

async function signIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByTestId('dashboard-page').waitFor({ timeout: 30_000 });
  // A returning user: the first-visit tours (driver.js) would cover the pages being measured.
  await page.evaluate(() => localStorage.setItem('siteledger.onboarding.disabled', 'true'));
}

interface Busiest {
  id: string;
  name: string;
  deliveries: number | null;
}

/**
 * The site's vendor with the most deliveries: no API answers that directly, so each vendor's
 * deliveries are counted (`?vendor=…&perPage=1` → totalItems), in the browser's signed-in session.
 */
async function busiestVendor(context: BrowserContext, page: Page, base: string): Promise<Busiest> {
  const siteId = await page.evaluate(() => localStorage.getItem('siteledger.currentSite'));
  if (!siteId) throw new Error('No current site after signing in');
  const get = async <T>(route: string): Promise<T> => {
    const response = await context.request.get(`${base}/api/sites/${siteId}${route}`);
    if (!response.ok()) throw new Error(`${route}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  interface List<T> {
    totalPages: number;
    totalItems: number;
    items: T[];
  }
  const vendors: { id: string; name: string }[] = [];
  for (let at = 1; ; at += 1) {
    const list = await get<List<{ id: string; name: string }>>(`/vendors?perPage=500&page=${at}`);
    vendors.push(...list.items);
    if (at >= list.totalPages) break;
  }
  let best: Busiest | null = null;
  // A few at a time: the server shares the machine with the browser.
  for (let at = 0; at < vendors.length; at += 4) {
    const counts = await Promise.all(
      vendors.slice(at, at + 4).map(async (vendor) => ({
        ...vendor,
        deliveries: (await get<List<unknown>>(`/deliveries?vendor=${vendor.id}&perPage=1`))
          .totalItems,
      })),
    );
    for (const count of counts) {
      if (!best || count.deliveries > (best.deliveries ?? 0)) best = count;
    }
  }
  if (!best) throw new Error('The site has no vendors');
  return best;
}

/** What Chromium itself says about installing the app (Page.getInstallabilityErrors). */
async function installability(context: BrowserContext, base: string) {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  const worker = await page.evaluate(async () => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    return registration?.active?.scriptURL ?? null;
  });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  await page.close();
  return {
    serviceWorker: worker,
    manifest: manifest.url,
    manifestErrors: manifest.errors.length,
    installabilityErrors: installabilityErrors.map((error) => error.errorId),
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  let server: BuiltServer | null = null;
  let base = options.base;
  let email = options.email;
  if (!base) {
    server = await startBuiltServer({ DEFAULT_PLAN: 'Basic' });
    base = server.baseUrl;
  }
  if (!email) {
    const account = await createAccountWithSite(base, 'Lighthouse');
    email = account.user.email;
    // A new site with one vendor who has delivered once, so the vendor page and the payment form
    // opened for it (`:busiest`) have something to show, as on a site's first day.
    const post = (route: string, body: unknown) =>
      request<{ id: string }>(
        base!,
        account.token,
        'POST',
        `/api/sites/${account.siteId}${route}`,
        body,
      );
    const vendor = await post('/vendors', { name: 'Sri Venkateswara Traders' });
    const item = await post('/items', { name: 'Cement (OPC 53)', unit: 'bag' });
    await post('/deliveries', {
      vendor: vendor.id,
      delivery_date: new Date().toISOString().slice(0, 10),
      delivery_items: [{ item: item.id, quantity: 50, unit_price: 385 }],
    });
  }

  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-lighthouse-'));
  // A persistent context: Lighthouse opens its tabs in the same profile, so the session and the
  // chosen site (local storage) carry over to the pages it audits.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const results: PageScores[] = [];
  let inp: InpResult | null = null;
  try {
    const install = await installability(context, base);
    const page = await context.newPage();
    await signIn(page, base, email, options.password);
    const busiest = options.pages.some((p) => p.includes(':busiest'))
      ? options.vendor
        ? { id: options.vendor, name: '--vendor', deliveries: null }
        : await busiestVendor(context, page, base)
      : null;

    for (const pagePath of options.pages.map((p) => p.replaceAll(':busiest', busiest?.id ?? ''))) {
      if (pagePath === '/login') {
        // Signed out for this one: without a remembered user the app shows the sign-in page.
        await page.evaluate(() => localStorage.removeItem('siteledger.auth'));
      }
      const run = await lighthouse(
        `${base}${pagePath}`,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: true,
          ...(options.desktop
            ? {
                formFactor: 'desktop' as const,
                screenEmulation: {
                  mobile: false,
                  width: 1350,
                  height: 940,
                  deviceScaleFactor: 1,
                  disabled: false,
                },
              }
            : {}),
        },
        undefined,
      );
      if (!run) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      const lhr = run.lhr;
      const scores: Record<string, number | null> = {};
      for (const id of CATEGORIES) {
        const score = lhr.categories[id]?.score;
        scores[id] = score == null ? null : Math.round(score * 100);
      }
      const metrics: Record<string, string> = {};
      for (const id of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]) {
        metrics[id] = lhr.audits[id]?.displayValue ?? '—';
      }
      const failing = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 0.9 &&
            (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric') &&
            lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id),
        )
        .map((audit) => {
          const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)
            ?.items;
          const nodes = (items ?? [])
            .slice(0, 3)
            .map((item) => item.node?.snippet)
            .filter(Boolean);
          return nodes.length > 0 ? `${audit.id} (${nodes.join(' ')})` : audit.id;
        });
      results.push({ page: pagePath, scores, metrics, failing });
      if (pagePath === '/login') await signIn(page, base, email, options.password);
    }
    if (options.inp) inp = await measureDeliveriesInp(context, base, options.inpSearch);

    const lines = [
      `Lighthouse ${lighthouseVersion()} in Chromium, ${options.desktop ? 'desktop' : 'mobile'} profile, ${new Date().toISOString()}`,
      '',
      ...(results.length > 0
        ? [
            '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
            '|---|---|---|---|---|---|---|---|---|',
          ]
        : ['(no pages audited)']),
      ...results.map(
        (r) =>
          `| ${r.page} | ${CATEGORIES.map((c) => r.scores[c] ?? '—').join(' | ')} | ${Object.values(r.metrics).join(' | ')} |`,
      ),
      ...(busiest
        ? [
            '',
            `:busiest = vendor ${busiest.id} (${busiest.name}` +
              `${busiest.deliveries === null ? '' : `, ${busiest.deliveries} deliveries`})`,
          ]
        : []),
      '',
      `Installable app: service worker ${install.serviceWorker ? 'active' : 'MISSING'}` +
        `, manifest ${install.manifest || 'MISSING'} (${install.manifestErrors} errors)` +
        `, Chromium installability errors: ${install.installabilityErrors.join(', ') || 'none'}`,
      ...results
        .filter((r) => r.failing.length > 0)
        .map((r) => `Accessibility audits below 90 on ${r.page}: ${r.failing.join(', ')}`),
      ...(inp ? ['', ...inpReport(inp, options.inpSearch)] : []),
    ];
    console.log(lines.join('\n'));
    if (options.out) fs.writeFileSync(options.out, `${lines.join('\n')}\n`);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await server?.stop();
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(
    fs.readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return pkg.version;
}

await main();
