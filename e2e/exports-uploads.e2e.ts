import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  ARTIFACTS_DIR,
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { api } from './support/http';
import { workerServer } from './support/worker';
import { downloadedPath } from './support/files';

/** A real two-page PDF, as a scanner or a vendor's billing software would send. */
function twoPagePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(24).text('Delivery challan DC-2041', { align: 'center' });
    doc.moveDown().fontSize(14).text('OPC Cement 53 grade — 120 bags');
    doc.addPage();
    doc.fontSize(24).text('Page 2: signatures', { align: 'center' });
    doc.end();
  });
}

/** Windows executables start with "MZ": renamed to .jpg, it must still be refused. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]);

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('exports and uploads: photos, PDF pages, refused files, vendor and account exports', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { vendor: '', delivery: '', account: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Farhan Qureshi');
    ids.vendor = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
        name: 'Sharma Building Materials',
        phone: '98200 12345',
      })
    ).id;
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'OPC Cement 53 grade',
      unit: 'bag',
    });
    ids.delivery = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/deliveries', {
        vendor: ids.vendor,
        delivery_date: '2025-06-02',
        delivery_reference: 'DC-2041',
        delivery_items: [{ item: item.id, quantity: 120, unit_price: 385 }],
      })
    ).id;
    ids.account = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/accounts', {
        name: 'HDFC Current',
        type: 'bank',
        opening_balance: 250000,
      })
    ).id;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function open(
    width: number,
    height: number,
    options: { theme?: 'light' | 'dark'; language?: 'en' | 'hi' } = {},
  ) {
    await context?.close();
    context = await newContext(browser, { width, height });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.evaluate(
      ([theme, language]) => {
        localStorage.setItem('siteledger.theme', theme);
        localStorage.setItem('siteledger.language', language);
      },
      [options.theme ?? 'light', options.language ?? 'en'] as const,
    );
  }

  const photos = async () =>
    (await api<{ photos: string[] }>(baseUrl, account, 'GET', `/deliveries/${ids.delivery}`))
      .photos;

  it('downscales a large photo in the browser before it uploads', async () => {
    await open(1280, 900);
    await page.goto(`${baseUrl}/deliveries/${ids.delivery}`);
    const uploader = page.getByTestId('delivery-photo-upload');
    await uploader
      .getByText('JPEG, PNG, WebP or HEIC, up to 10 MB. PDFs are not accepted here', {
        exact: false,
      })
      .waitFor();
    // A 3000 × 1800 PNG drawn by the browser itself: a real image, bigger than 2000 px.
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 3000;
        canvas.height = 1800;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no canvas');
        const gradient = context.createLinearGradient(0, 0, 3000, 1800);
        gradient.addColorStop(0, '#0ea5e9');
        gradient.addColorStop(1, '#f59e0b');
        context.fillStyle = gradient;
        context.fillRect(0, 0, 3000, 1800);
        context.fillStyle = '#111827';
        context.font = 'bold 160px sans-serif';
        context.fillText('Challan DC-2041', 300, 900);
        return canvas.toDataURL('image/png').split(',')[1] ?? '';
      }),
      'base64',
    );
    await page
      .getByTestId('delivery-photo-upload-input')
      .setInputFiles({ name: 'challan.png', mimeType: 'image/png', buffer: png });
    await uploader
      .locator('[data-testid="delivery-photo-upload-entry"][data-status="done"]')
      .waitFor();
    await page.getByTestId('delivery-photos-item').first().waitFor();
    await page.getByTestId('delivery-photos').locator('img').first().waitFor();

    const stored = await photos();
    expect(stored).toHaveLength(1);
    // PNG became WebP at 2000 px on its long side (WebP's VP8 header carries the size).
    expect(stored[0]).toMatch(/\.webp$/);
    const file = Buffer.from(
      await (
        await fetch(`${baseUrl}/api/files/${account.siteId}/${stored[0]}`, {
          headers: { authorization: `Bearer ${account.token}` },
        })
      ).arrayBuffer(),
    );
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.length).toBeLessThan(png.length);
    expect(problems.errors).toEqual([]);
  });

  it('turns a 2-page PDF into 2 photos after the person agrees', async () => {
    const pdf = await twoPagePdf();
    await page
      .getByTestId('delivery-photo-upload-input')
      .setInputFiles({ name: 'challan-scan.pdf', mimeType: 'application/pdf', buffer: pdf });
    const dialog = page.getByTestId('delivery-photo-upload-convert');
    await dialog.getByText('Convert this 2-page PDF into 2 photos?', { exact: false }).waitFor();
    await dialog.getByText('File: challan-scan.pdf').waitFor();
    await screenshot(page, 'uploads-pdf-confirm-laptop');
    await page.getByTestId('delivery-photo-upload-convert-confirm').click();
    await page.getByTestId('delivery-photos-item').nth(2).waitFor();
    const done = page.locator('[data-testid="delivery-photo-upload-entry"][data-status="done"]');
    await expect.poll(() => done.count()).toBe(3);
    await page.getByText('challan-scan-page-1.jpg').waitFor();
    await page.getByText('challan-scan-page-2.jpg').waitFor();
    const stored = await photos();
    expect(stored).toHaveLength(3);
    expect(stored.slice(1).every((name) => name.endsWith('.jpg'))).toBe(true);
    // Kept with the screenshots, to see the page came out as a readable photo.
    const pageOne = await fetch(`${baseUrl}/api/files/${account.siteId}/${stored[1]}`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const jpeg = Buffer.from(await pageOne.arrayBuffer());
    expect(jpeg.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    fs.writeFileSync(`${ARTIFACTS_DIR}/uploads-pdf-page-1.jpg`, jpeg);
    expect(problems.errors).toEqual([]);
  });

  it('says so when a PDF is not converted, and refuses a renamed .exe by its content', async () => {
    await page
      .getByTestId('delivery-photo-upload-input')
      .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() });
    await page.getByTestId('delivery-photo-upload-convert-cancel').click();
    await page
      .getByTestId('delivery-photo-upload-error')
      .getByText('Not uploaded — this upload takes photos, not PDFs')
      .waitFor();

    await page
      .getByTestId('delivery-photo-upload-input')
      .setInputFiles({ name: 'site-photo.jpg', mimeType: 'image/jpeg', buffer: EXE });
    await page
      .getByTestId('delivery-photo-upload-error')
      .getByText('Invalid file type — use JPEG, PNG, WebP or HEIC')
      .waitFor();
    await screenshot(page, 'uploads-errors-laptop');
    expect(await photos()).toHaveLength(3);

    // The server refuses the same bytes on its own (checked by content, not by name).
    const form = new FormData();
    form.append('file', new Blob([EXE], { type: 'image/jpeg' }), 'site-photo.jpg');
    const refused = await fetch(
      `${baseUrl}/api/sites/${account.siteId}/deliveries/${ids.delivery}/files`,
      { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form },
    );
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { code: string }).code).toBe('INVALID_FILE_TYPE');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('downloads the vendor ledger as CSV with a BOM, and as PDF and Tally XML', async () => {
    await page.goto(`${baseUrl}/vendors/${ids.vendor}`);
    await page.getByTestId('vendor-export').click();
    await page.getByTestId('vendor-export-csv').waitFor();
    await screenshot(page, 'vendor-export-menu-laptop');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('vendor-export-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^vendor-ledger-Sharma-Building-Materials-.+\.csv$/);
    const text = fs.readFileSync(await downloadedPath(csv));
    expect(text.subarray(0, 3).equals(BOM)).toBe(true);
    const firstLine = text.subarray(3).toString('utf8').split(/\r?\n/)[0];
    expect(firstLine).toBe(
      'Date,Type,Reference,Description,Debit,Credit,Balance,Supplier invoice no.',
    );
    expect(text.toString('utf8')).toContain('DC-2041');
    await page.getByTestId('toast-success').getByText(csv.suggestedFilename()).waitFor();

    for (const [format, head] of [
      ['pdf', '%PDF-'],
      ['tally', '<?xml'],
    ] as const) {
      await page.getByTestId('vendor-export').click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`vendor-export-${format}`).click(),
      ]);
      const body = fs
        .readFileSync(await downloadedPath(file))
        .toString('utf8')
        .replace(/^\uFEFF/, '');
      expect(body.startsWith(head)).toBe(true);
    }
    expect(problems.errors).toEqual([]);
  });

  it("downloads and shares the vendor ledger for the ledger's chosen period", async () => {
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'TMT Steel 12 mm',
      unit: 'kg',
    });
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor: ids.vendor,
      delivery_date: '2025-07-15',
      delivery_reference: 'DC-2099',
      delivery_items: [{ item: item.id, quantity: 500, unit_price: 62 }],
    });
    await open(1280, 900);
    // The share sheet is the OS's: record the file the page hands to it.
    await page.addInitScript(() => {
      const record = window as unknown as { __shared?: string[] };
      Object.defineProperty(navigator, 'canShare', {
        value: (data: { files?: File[] }) => Boolean(data.files?.length),
      });
      Object.defineProperty(navigator, 'share', {
        value: async (data: { files: File[] }) => {
          record.__shared = data.files.map((f) => f.name);
        },
      });
    });
    await page.goto(`${baseUrl}/vendors/${ids.vendor}`);
    await page.getByTestId('ledger-from').fill('2025-07-01');
    await page.getByTestId('ledger-to').fill('2025-07-31');
    await page.getByTestId('ledger-range').waitFor();
    await page.getByTestId('vendor-export').click();
    await page
      .getByTestId('vendor-export-period')
      .getByText('Period: 1 Jul 2025 – 31 Jul 2025')
      .waitFor();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('vendor-export-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/2025-07-01_2025-07-31\.csv$/);
    const rows = fs
      .readFileSync(await downloadedPath(csv))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    // Header, opening balance (the June delivery), the July delivery, closing balance.
    expect(rows.some((row) => row.includes('DC-2099'))).toBe(true);
    expect(rows.some((row) => row.includes('DC-2041'))).toBe(false);
    const dated = rows.filter((row) => /^\d{2}-\d{2}-\d{4},/.test(row));
    expect(dated.length).toBeGreaterThanOrEqual(2);
    expect(dated.every((row) => row.slice(2, 10) === '-07-2025')).toBe(true);
    // The June delivery (120 × ₹385) is the opening balance of July.
    expect(rows.find((row) => row.includes('Opening balance'))).toContain('46200.00');

    await page.getByTestId('vendor-export').click();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('vendor-export-pdf').click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/2025-07-01_2025-07-31\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', await downloadedPath(pdf), '-']).toString(
      'utf8',
    );
    expect(text).toContain('DC-2099');
    expect(text).not.toContain('DC-2041');
    expect(text).toContain('01-07-2025 – 31-07-2025');

    await page.getByTestId('vendor-share-statement').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared?: string[] }).__shared))
      .toEqual([expect.stringMatching(/2025-07-01_2025-07-31\.pdf$/)]);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('downloads an account statement for this month', async () => {
    await page.goto(`${baseUrl}/accounts/${ids.account}`);
    await page.getByTestId('account-statement').click();
    const dialog = page.getByTestId('account-statement-dialog');
    await dialog.waitFor();
    const from = await page.getByTestId('account-statement-from').inputValue();
    const to = await page.getByTestId('account-statement-to').inputValue();
    expect(from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(to.slice(0, 7)).toBe(from.slice(0, 7));
    await screenshot(page, 'account-statement-laptop');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('account-statement-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync(await downloadedPath(csv));
    expect(text.subarray(0, 3).equals(BOM)).toBe(true);
    expect(text.subarray(3).toString('utf8').split(/\r?\n/)[0]).toBe(
      'Date,Description,Reference,Category,Debit,Credit,Balance',
    );
    await dialog.waitFor({ state: 'detached' });

    // A start after the end cannot be sent.
    await page.getByTestId('account-statement').click();
    await page.getByTestId('account-statement-from').fill('2025-06-30');
    await page.getByTestId('account-statement-to').fill('2025-06-01');
    await dialog.getByText('The start date must be on or before the end date').waitFor();
    expect(await page.getByTestId('account-statement-pdf').isDisabled()).toBe(true);
    await page.getByTestId('account-statement-preset-lastMonth').click();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('account-statement-pdf').click(),
    ]);
    expect(fs.readFileSync(await downloadedPath(pdf)).toString('latin1', 0, 5)).toBe('%PDF-');
    expect(problems.errors).toEqual([]);
  });

  it('shares the vendor statement PDF from a phone, and downloads it where sharing is missing', async () => {
    await open(390, 844);
    // The share sheet itself is the OS's: record what the page hands to it.
    await page.addInitScript(() => {
      const record = window as unknown as { __shared?: { title: string; names: string[] } };
      Object.defineProperty(navigator, 'canShare', {
        value: (data: { files?: File[] }) => Boolean(data.files?.length),
      });
      Object.defineProperty(navigator, 'share', {
        value: async (data: { title: string; files: File[] }) => {
          record.__shared = { title: data.title, names: data.files.map((f) => f.name) };
        },
      });
    });
    await page.goto(`${baseUrl}/vendors/${ids.vendor}`);
    await page.getByTestId('vendor-share-statement').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared?: unknown }).__shared))
      .toMatchObject({ title: 'Statement: Sharma Building Materials' });
    const shared = await page.evaluate(
      () => (window as unknown as { __shared: { names: string[] } }).__shared.names,
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatch(/^vendor-ledger-Sharma-Building-Materials-.+\.pdf$/);
    await screenshot(page, 'vendor-export-phone');

    await open(390, 844);
    await page.goto(`${baseUrl}/vendors/${ids.vendor}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('vendor-share-statement').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(problems.errors).toEqual([]);
  });

  it('looks finished in dark mode and in Hindi on phones and laptops', async () => {
    await open(390, 844, { theme: 'dark', language: 'hi' });
    await page.goto(`${baseUrl}/deliveries/${ids.delivery}`);
    await page.getByTestId('delivery-photos-item').nth(2).waitFor();
    await page
      .getByTestId('delivery-photo-upload-input')
      .setInputFiles({ name: 'setup.jpg', mimeType: 'image/jpeg', buffer: EXE });
    await page
      .getByTestId('delivery-photo-upload-error')
      .getByText('अमान्य फ़ाइल प्रकार', { exact: false })
      .waitFor();
    await screenshot(page, 'uploads-phone-dark-hi');
    await page.goto(`${baseUrl}/vendors/${ids.vendor}`);
    await page.getByTestId('vendor-export').click();
    await page.getByTestId('vendor-export-tally').waitFor();
    await screenshot(page, 'vendor-export-phone-dark-hi');

    await open(1280, 900, { theme: 'dark', language: 'hi' });
    await page.goto(`${baseUrl}/accounts/${ids.account}`);
    await page.getByTestId('account-statement').click();
    await page.getByTestId('account-statement-dialog').getByText('खाता विवरण').first().waitFor();
    await screenshot(page, 'account-statement-laptop-dark-hi');
    await page.goto(`${baseUrl}/vendors/${ids.vendor}`);
    await page.getByTestId('vendor-export').click();
    await page.getByTestId('vendor-export-pdf').waitFor();
    await screenshot(page, 'vendor-export-laptop-dark-hi');

    await open(390, 844, { theme: 'light', language: 'en' });
    await page.goto(`${baseUrl}/accounts/${ids.account}`);
    await page.getByTestId('account-statement').click();
    await page.getByTestId('account-statement-dialog').waitFor();
    await screenshot(page, 'account-statement-phone');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
