// Captures the main screens in light and dark theme at desktop and phone sizes, for visual review.
// Usage: BASE_URL=http://127.0.0.1:8080 node e2e/capture-screens.mjs   (PNG files → e2e/artifacts/screens)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts', 'screens');
fs.mkdirSync(outDir, { recursive: true });

async function api(pathname, body, token) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 400)
    throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

const stamp = Date.now();
const auth = await api('/api/auth/register', {
  name: 'Asha Verma',
  email: `asha.${stamp}@example.in`,
  password: 'secret123',
  passwordConfirm: 'secret123',
  legal_accepted: true,
});
const empty = await api('/api/auth/register', {
  name: 'Ravi Kumar',
  email: `ravi.${stamp}@example.in`,
  password: 'secret123',
  passwordConfirm: 'secret123',
  legal_accepted: true,
});
const site = await api(
  '/api/sites',
  {
    name: 'Green Valley Residency',
    description: 'Tower B, Phase 2 — Whitefield, Bengaluru',
    total_units: 48,
    total_planned_area: 18000,
  },
  auth.token,
);
await api(
  '/api/sites',
  {
    name: 'Lakeview Villas',
    description: 'Row houses near Hebbal lake',
    total_units: 12,
    total_planned_area: 26500.5,
  },
  auth.token,
).catch((error) => console.warn('second site not created:', error.message));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'small', width: 360, height: 740 },
];
const language = process.env.LANGUAGE ?? 'en';
const prefix = language === 'en' ? '' : `${language}-`;

for (const viewport of viewports) {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: 1,
      colorScheme: theme,
    });
    await context.addInitScript(
      (lang) => localStorage.setItem('siteledger.language', lang),
      language,
    );
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error')
        console.log(`[${viewport.name}/${theme}] ${message.text()}`);
    });
    const shot = async (name) => {
      await page.waitForTimeout(350);
      await page.screenshot({
        path: path.join(outDir, `${prefix}${name}-${viewport.name}-${theme}.png`),
        fullPage: true,
      });
    };

    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-page').waitFor();
    await shot('login');
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByTestId('forgot-password-page').waitFor();
    await shot('forgot-password');
    await page.goto(`${baseUrl}/reset-password?token=expired-token`);
    await page.getByTestId('reset-password-page').waitFor();
    await page.locator('input[type=password]').nth(0).fill('new-pass-1');
    await page.locator('input[type=password]').nth(1).fill('new-pass-1');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('reset-password-error').waitFor();
    await shot('reset-password-error');
    await page.goto(`${baseUrl}/register`);
    await page.getByTestId('register-page').waitFor();
    await page.getByTestId('register-submit').click();
    await shot('register-errors');

    const signInAs = async (who, siteId) => {
      await page.evaluate(
        ([stored, id]) => {
          localStorage.setItem('siteledger.auth', JSON.stringify(stored));
          if (id) {
            localStorage.setItem('siteledger.currentSite', id);
            localStorage.setItem('siteledger.role', 'owner');
          } else {
            localStorage.removeItem('siteledger.currentSite');
            localStorage.removeItem('siteledger.role');
          }
        },
        [who, siteId],
      );
    };
    await signInAs(empty, null);
    await page.goto(`${baseUrl}/select-site`);
    await page.getByTestId('create-first-site').waitFor();
    await shot('select-site-empty');

    // With a site remembered the list stays (a single site is otherwise opened automatically).
    await signInAs(auth, site.id);
    await page.goto(`${baseUrl}/select-site`);
    await page.getByTestId('site-list').waitFor();
    await shot('select-site');

    await signInAs(auth, site.id);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-card-total-paid').waitFor();
    await shot('dashboard');

    if (viewport.name !== 'desktop') {
      await page.getByTestId('sidebar-toggle').click();
      await page.getByTestId('sidebar-mobile').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(outDir, `sidebar-${viewport.name}-${theme}.png`) });
      await page.keyboard.press('Escape');
    } else {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(outDir, `user-menu-${viewport.name}-${theme}.png`) });
      await page.keyboard.press('Escape');
      await page.getByTestId('site-selector').click();
      await page.getByTestId('create-new-site-menu').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: path.join(outDir, `site-selector-${viewport.name}-${theme}.png`),
      });
      await page.getByTestId('create-new-site-menu').click();
      await page.getByTestId('create-site-dialog').waitFor();
      await page.getByTestId('site-name').fill('Second site');
      await page.getByTestId('site-units').fill('4');
      await page.getByTestId('site-area').fill('1200');
      await page.getByTestId('create-site-submit').click();
      await page.waitForTimeout(800);
      await page.screenshot({
        path: path.join(outDir, `create-site-dialog-${viewport.name}-${theme}.png`),
      });
      await page.keyboard.press('Escape');
    }
    await page.goto(`${baseUrl}/vendors`);
    await page.waitForLoadState('networkidle');
    await shot('vendors');
    await context.close();
  }
}
await browser.close();
console.log(`Screens written to ${outDir}`);
