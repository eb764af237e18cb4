import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { ARTIFACTS_DIR, launchBrowser, newContext, screenshot, watchPage } from './support/browser';
import { api, request } from './support/http';
import { overflowOf, settle } from './support/layout';
import { workerServer } from './support/worker';

interface Business {
  id: string;
  sites: { id: string; name: string }[];
}
interface SiteVendor {
  id: string;
  name: string;
  outstanding: number;
}
interface Duplicates {
  groups: { name: string; vendors: { id: string; site: string }[] }[];
}
interface SiteItem {
  id: string;
  name: string;
  current_stock: number;
}
interface CatalogDuplicates {
  groups: { kind: string; name: string; unit: string; records: { id: string; site: string }[] }[];
}
interface Overview {
  sites: { site: string; spend: number; payables: number }[];
  totals: { spend: number; site_spend: number; payables: number };
}

const GSTIN = '27AAPFU0939F1ZV';

/**
 * Issue 47 in the browser: an owner with two sites — each its own business since the migration,
 * the same supplier entered on both — merges them into one business from Settings after a
 * preview (the site that moves, its TAN, the supplier that is one party), then sees both sites
 * side by side on "All sites", on a laptop and on a 390 px phone; then merges the supplier that
 * is one party into one vendor from Settings, each site's figures unchanged.
 */
describe('one business over two sites: merge and the overview', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: TestAccount;
  let siteB = '';
  let businessA = '';
  let businessB = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Ravi Builders');
    await request(baseUrl, owner.token, 'PATCH', `/api/sites/${owner.siteId}`, {
      tan: 'PNER12345B',
    });
    siteB = (
      await request<{ id: string }>(baseUrl, owner.token, 'POST', '/api/sites', {
        name: 'Lake View Residency',
        total_units: 12,
        total_planned_area: 9000,
      })
    ).id;
    const onB = { ...owner, siteId: siteB };
    for (const [who, price] of [
      [owner, 380],
      [onB, 395],
    ] as const) {
      const vendor = await api<{ id: string }>(baseUrl, who, 'POST', '/vendors', {
        name: 'Sri Lakshmi Traders',
        gstin: GSTIN,
      });
      const item = await api<{ id: string }>(baseUrl, who, 'POST', '/items', {
        name: 'OPC 53 cement',
        unit: 'bag',
      });
      await api(baseUrl, who, 'POST', '/deliveries', {
        vendor: vendor.id,
        delivery_date: '2026-11-10',
        delivery_items: [{ item: item.id, quantity: 100, unit_price: price }],
      });
    }
    const mine = await request<{ items: Business[] }>(
      baseUrl,
      owner.token,
      'GET',
      '/api/businesses',
    );
    businessA = mine.items.find((b) => b.sites.some((s) => s.id === owner.siteId))?.id ?? '';
    businessB = mine.items.find((b) => b.sites.some((s) => s.id === siteB))?.id ?? '';
    expect(businessA).not.toBe('');
    expect(businessB).not.toBe(businessA);
  });

  afterAll(async () => {
    for (const open of contexts) await open.close();
    await browser?.close();
  });

  async function open(
    width: number,
    language: 'en' | 'hi' = 'en',
    site = owner.siteId,
  ): Promise<Page> {
    const context = await newContext(browser, {
      width,
      height: width < 500 ? 844 : 900,
      serviceWorkers: 'block',
    });
    contexts.push(context);
    const page = await context.newPage();
    watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, owner, site);
    await page.evaluate((lang) => localStorage.setItem('siteledger.language', lang), language);
    return page;
  }

  async function noSidewaysScroll(page: Page) {
    await settle(page);
    const overflow = await overflowOf(page);
    expect(overflow.scrollWidth, overflow.widest.join('\n')).toBeLessThanOrEqual(
      overflow.clientWidth,
    );
  }

  it('merges the two sites into one business from Settings after a preview', async () => {
    const page = await open(1366);
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('settings-business').waitFor();
    await page.getByTestId('business-merge-open').click();
    await page.getByTestId('business-merge-dialog').waitFor();
    await page.getByTestId(`business-merge-choose-${businessB}`).check();
    await page.getByTestId('business-merge-preview-button').click();
    await page.getByTestId('business-merge-preview').waitFor();
    await page.getByTestId(`business-merge-site-${siteB}`).waitFor();
    // Lake View had no TAN: its TDS will count under the business's.
    expect(await page.getByTestId(`business-merge-tan-${siteB}`).textContent()).toContain(
      'PNER12345B',
    );
    expect(await page.getByTestId('business-merge-vendor').first().textContent()).toContain(
      'Sri Lakshmi Traders',
    );
    // Merging the vendors too is offered, and left off unless ticked: this merge keeps them two.
    expect(await page.getByTestId('business-merge-vendors-toggle').isChecked()).toBe(false);
    await screenshot(page, 'business-merge-preview-laptop');
    // Nothing moved yet.
    const before = await request<{ items: Business[] }>(
      baseUrl,
      owner.token,
      'GET',
      '/api/businesses',
    );
    expect(before.items).toHaveLength(2);

    await page.getByTestId('business-merge-confirm').click();
    await page.getByTestId('business-merge-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('business-sites').getByText('Lake View Residency').waitFor();
    const after = await request<{ items: Business[] }>(
      baseUrl,
      owner.token,
      'GET',
      '/api/businesses',
    );
    expect(after.items.map((b) => [b.id, b.sites.length])).toEqual([[businessA, 2]]);
    const site = await request<{ tan: string; business: string }>(
      baseUrl,
      owner.token,
      'GET',
      `/api/sites/${siteB}`,
    );
    expect(site).toMatchObject({ tan: 'PNER12345B', business: businessA });
  });

  it('shows both sites side by side on All sites, laptop and phone', async () => {
    const overview = await request<Overview>(
      baseUrl,
      owner.token,
      'GET',
      `/api/businesses/${businessA}/overview`,
    );
    // 100 bags at ₹380 and at ₹395.
    expect(overview.totals.spend).toBe(77_500);
    // Nothing but deliveries yet: the whole site's spend is theirs.
    expect(overview.totals.site_spend).toBe(77_500);
    const laptop = await open(1366);
    await laptop.goto(`${baseUrl}/business`);
    await laptop.getByTestId('business-overview').waitFor();
    await laptop
      .getByTestId(`business-overview-row-${siteB}-site_spend`)
      .getByText('₹39,500.00')
      .waitFor();
    await laptop
      .getByTestId('business-overview-total-site_spend')
      .getByText('₹77,500.00')
      .waitFor();
    await screenshot(laptop, 'business-overview-laptop');

    const phone = await open(390);
    await phone.goto(`${baseUrl}/business`);
    await phone.getByTestId('business-overview').waitFor();
    await phone.getByTestId('business-overview-total-site_spend').getByText('₹77,500.00').waitFor();
    await noSidewaysScroll(phone);
    await screenshot(phone, 'business-overview-phone-390');
    // The supplier owed on both sites is one row of the payables.
    await phone.getByTestId('business-tab-payables').click();
    await phone.getByTestId('business-payables').waitFor();
    await noSidewaysScroll(phone);
    await screenshot(phone, 'business-payables-phone-390');
  });

  it('merges the duplicate supplier into one vendor from Settings, site B owing the same', async () => {
    // After the business merge the sites share their vendors: site B lists both records.
    const onB = { ...owner, siteId: siteB };
    const listed = await api<{ items: SiteVendor[] }>(baseUrl, onB, 'GET', '/vendors?perPage=500');
    const lakshmi = listed.items.filter((vendor) => vendor.name === 'Sri Lakshmi Traders');
    expect(lakshmi).toHaveLength(2);
    // 100 bags at ₹395 on site B, whichever of the two records they were entered against.
    const owedOnB = lakshmi.reduce((sum, vendor) => sum + vendor.outstanding, 0);
    expect(owedOnB).toBe(39_500);
    const duplicates = await request<Duplicates>(
      baseUrl,
      owner.token,
      'GET',
      `/api/businesses/${businessA}/vendor_duplicates`,
    );
    const group = duplicates.groups.find((one) => one.name === 'Sri Lakshmi Traders');
    const [keep, gone] = group?.vendors ?? [];
    expect(keep && gone).toBeTruthy();
    const keepId = keep?.id ?? '';
    const goneId = gone?.id ?? '';

    // A 360 px phone in Hindi and a 390 px one: the section and the preview fit the width.
    for (const [width, language] of [
      [360, 'hi'],
      [390, 'en'],
    ] as const) {
      const phone = await open(width, language);
      await phone.goto(`${baseUrl}/settings`);
      const section = phone.getByTestId('business-vendor-duplicates');
      await section.getByTestId('business-vendor-duplicate').first().waitFor();
      await noSidewaysScroll(phone);
      await screenshot(phone, `business-vendor-duplicates-phone-${width}-${language}`);
      await phone.getByTestId(`business-vendor-duplicate-merge-${keepId}`).click();
      await phone.getByTestId('vendor-merge-preview').waitFor();
      await noSidewaysScroll(phone);
      await screenshot(phone, `business-vendor-merge-phone-${width}-${language}`);
      await phone.getByTestId('vendor-merge-cancel').click();
      await phone.getByTestId('vendor-merge-dialog').waitFor({ state: 'detached' });
    }
    // Only previews so far.
    const still = await api<{ items: SiteVendor[] }>(baseUrl, onB, 'GET', '/vendors?perPage=500');
    expect(still.items.filter((v) => v.name === 'Sri Lakshmi Traders')).toHaveLength(2);

    const page = await open(1366);
    await page.goto(`${baseUrl}/settings`);
    const row = page.getByTestId('business-vendor-duplicate').filter({
      hasText: 'Sri Lakshmi Traders',
    });
    await row.getByText('Lake View Residency', { exact: false }).waitFor();
    expect(await row.textContent()).toContain(GSTIN);
    await screenshot(page, 'business-vendor-duplicates-laptop');
    await page.getByTestId(`business-vendor-duplicate-merge-${keepId}`).click();
    await page.getByTestId('vendor-merge-preview').waitFor();
    await page.getByTestId(`vendor-merge-merged-${goneId}`).waitFor();
    expect(await page.getByTestId('vendor-merge-moves-text').textContent()).toBe(
      'Moving to Sri Lakshmi Traders: 1 delivery.',
    );
    await screenshot(page, 'business-vendor-merge-laptop');
    await page.getByTestId('vendor-merge-confirm').click();
    await page.getByTestId('toast-success').getByText('Merged into Sri Lakshmi Traders').waitFor();
    await page.getByTestId('vendor-merge-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('business-vendor-duplicates-empty').waitFor();

    // Site B lists the one kept vendor, owing what the two owed there.
    const after = await api<{ items: SiteVendor[] }>(baseUrl, onB, 'GET', '/vendors?perPage=500');
    const left = after.items.filter((vendor) => vendor.name === 'Sri Lakshmi Traders');
    expect(left.map((vendor) => [vendor.id, vendor.outstanding])).toEqual([[keepId, owedOnB]]);
    const onSiteB = await open(1366, 'en', siteB);
    await onSiteB.goto(`${baseUrl}/vendors`);
    const kept = onSiteB.getByTestId(`vendor-row-${keepId}`);
    await kept.waitFor();
    expect(await onSiteB.getByTestId(`vendor-row-${goneId}`).count()).toBe(0);
    expect(
      await onSiteB
        .locator('[data-testid^="vendor-row-"]', { hasText: 'Sri Lakshmi Traders' })
        .count(),
    ).toBe(1);
    await kept.getByText('Sri Lakshmi Traders').click();
    await onSiteB.waitForURL(new RegExp(`/vendors/${keepId}$`));
    await onSiteB.getByTestId('vendor-summary-outstanding-value').getByText('₹39,500.00').waitFor();
  });

  it('merges the two cement items into one from Settings, site B holding the same stock', async () => {
    // After the business merge the sites share their items: site B lists both records.
    const onB = { ...owner, siteId: siteB };
    const cementOn = async () =>
      (await api<{ items: SiteItem[] }>(baseUrl, onB, 'GET', '/items?perPage=500')).items.filter(
        (item) => item.name === 'OPC 53 cement',
      );
    const before = await cementOn();
    expect(before).toHaveLength(2);
    // 100 bags delivered on site B, whichever of the two records they were entered against.
    const stockOnB = before.reduce((sum, item) => sum + item.current_stock, 0);
    expect(stockOnB).toBe(100);
    const duplicates = await request<CatalogDuplicates>(
      baseUrl,
      owner.token,
      'GET',
      `/api/businesses/${businessA}/catalog_duplicates`,
    );
    const group = duplicates.groups.find((one) => one.name === 'OPC 53 cement');
    expect(group?.kind).toBe('items');
    expect(group?.unit).toBe('bag');
    const [keep, gone] = group?.records ?? [];
    expect(keep && gone).toBeTruthy();
    const keepId = keep?.id ?? '';
    const goneId = gone?.id ?? '';

    const phone = await open(390);
    await phone.goto(`${baseUrl}/settings`);
    const row = phone
      .getByTestId('business-catalog-duplicate')
      .filter({ hasText: 'OPC 53 cement' });
    await row.getByText('Lake View Residency', { exact: false }).waitFor();
    expect(await row.textContent()).toContain('Item');
    expect(await row.textContent()).toContain('bag');
    await phone.getByTestId(`business-catalog-duplicate-merge-${keepId}`).click();
    await phone.getByTestId('catalog-merge-preview').waitFor();
    await phone.getByTestId(`catalog-merge-merged-${goneId}`).waitFor();
    expect(await phone.getByTestId('catalog-merge-moves-text').textContent()).toMatch(
      /^Moving to OPC 53 cement: 1 delivery line.*stock entr/,
    );
    await noSidewaysScroll(phone);
    await screenshot(phone, 'business-catalog-merge-phone-390-en');
    // Only a preview so far.
    expect(await cementOn()).toHaveLength(2);

    await phone.getByTestId('catalog-merge-confirm').click();
    await phone.getByTestId('toast-success').getByText('Merged into OPC 53 cement').waitFor();
    await phone.getByTestId('catalog-merge-dialog').waitFor({ state: 'detached' });
    await phone.getByTestId('business-catalog-duplicates-empty').waitFor();

    // Site B lists the one kept item, holding what the two held there.
    const after = await cementOn();
    expect(after.map((item) => [item.id, item.current_stock])).toEqual([[keepId, stockOnB]]);
    const onSiteB = await open(1366, 'en', siteB);
    await onSiteB.goto(`${baseUrl}/items`);
    await onSiteB.getByTestId(`item-row-${keepId}`).waitFor();
    expect(await onSiteB.getByTestId(`item-row-${goneId}`).count()).toBe(0);
    expect(
      await onSiteB.locator('[data-testid^="item-row-"]', { hasText: 'OPC 53 cement' }).count(),
    ).toBe(1);
  });

  it('takes the logo its orders print from Settings, shown on laptop and phone', async () => {
    const page = await open(1366);
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('business-logo-none').waitFor();
    await page.getByTestId('business-logo-input').setInputFiles({
      name: 'ravi-builders.png',
      mimeType: 'image/png',
      buffer: logoPng(),
    });
    await page.getByTestId('toast-success').getByText('Logo saved').waitFor();
    await page.getByTestId('business-logo-image').waitFor();
    await page.getByTestId('business-logo-remove').waitFor();
    const business = await request<{ logo: string | null }>(
      baseUrl,
      owner.token,
      'GET',
      `/api/businesses/${businessA}`,
    );
    expect(business.logo).toMatch(/\.png$/);
    await page.getByTestId('settings-business').scrollIntoViewIfNeeded();
    await screenshot(page, 'business-logo-laptop');
    // The card alone, to look at (the page is long).
    const card = (name: string) => join(ARTIFACTS_DIR, `business-logo-card-${name}.png`);
    await page.getByTestId('settings-business').screenshot({ path: card('laptop') });

    for (const [width, language] of [
      [390, 'en'],
      [360, 'hi'],
    ] as const) {
      const phone = await open(width, language);
      await phone.goto(`${baseUrl}/settings`);
      await phone.getByTestId('business-logo-image').waitFor();
      await noSidewaysScroll(phone);
      await screenshot(phone, `business-logo-phone-${width}-${language}`);
      await phone
        .getByTestId('settings-business')
        .screenshot({ path: card(`${width}-${language}`) });
    }
  });
});

/** A 120 × 40 PNG: an orange band with a darker square, as a builder's mark might be. */
function logoPng(): Buffer {
  const width = 120;
  const height = 40;
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const mark = x > 6 && x < 34 && y > 6 && y < 34;
      rows.push(...(mark ? [120, 40, 10] : [234, 88, 12]));
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PNG's CRC-32 (browsers check it). */
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
