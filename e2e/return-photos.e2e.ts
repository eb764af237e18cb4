import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  E2E_TIMEOUT_MS,
  launchBrowser,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { api } from './support/http';
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

/**
 * Vendor-return photos (issue 20, spec part 3 `vendor_returns.photos`): added from the return form
 * once it is saved and from the return's detail, shown as thumbnails that open the viewer, and
 * removed again, like delivery photos. Phones get the camera button.
 */
describe('vendor-return photos: from the form and the detail, thumbnails and viewer', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { vendor: '', returned: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Meera Deshpande');
    ids.vendor = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
        name: 'Sai Tiles & Sanitary',
      })
    ).id;
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'Vitrified tiles 600×600',
      unit: 'box',
    });
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor: ids.vendor,
      delivery_date: '2026-11-04',
      delivery_reference: 'ST-318',
      delivery_items: [{ item: item.id, quantity: 40, unit_price: 960 }],
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function open(width: number, height: number, phone = false) {
    await context?.close();
    context = await browser.newContext({
      viewport: { width, height },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      // A phone: touch as the primary pointer, so the uploader offers the camera.
      ...(phone ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
    });
    context.setDefaultTimeout(E2E_TIMEOUT_MS);
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.evaluate(() => localStorage.setItem('siteledger.theme', 'light'));
  }

  /** A real photo drawn by the browser: broken tiles in `color`, with a caption. */
  async function photo(caption: string, color: string): Promise<Buffer> {
    const data = await page.evaluate(
      ([text, fill]) => {
        const canvas = document.createElement('canvas');
        canvas.width = 1200;
        canvas.height = 900;
        const c = canvas.getContext('2d');
        if (!c) throw new Error('no canvas');
        c.fillStyle = fill;
        c.fillRect(0, 0, 1200, 900);
        c.strokeStyle = '#1f2937';
        c.lineWidth = 14;
        for (let x = 0; x <= 1200; x += 300) c.strokeRect(x, 0, 300, 900);
        c.beginPath();
        c.moveTo(320, 120);
        c.lineTo(520, 420);
        c.lineTo(440, 760);
        c.stroke();
        c.fillStyle = '#111827';
        c.font = 'bold 72px sans-serif';
        c.fillText(text, 60, 860);
        return canvas.toDataURL('image/png').split(',')[1] ?? '';
      },
      [caption, color] as const,
    );
    return Buffer.from(data, 'base64');
  }

  const stored = async () =>
    (await api<{ photos: string[] }>(baseUrl, account, 'GET', `/vendor_returns/${ids.returned}`))
      .photos;

  it('records a return, adds a photo from the form and sees it on the return', async () => {
    await open(1366, 900);
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByTestId('return-add').click();
    await page.getByTestId('return-wizard').waitFor();
    await chooseIn(page, 'return-vendor', 'Sai Tiles');
    await page.getByTestId('return-line-0-select').check();
    await page.getByTestId('return-line-0-quantity').fill('3');
    await page.getByTestId('return-line-0-condition').selectOption('damaged');
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-reason').selectOption('damaged');
    await page.getByTestId('return-notes').fill('Three boxes cracked in transit');
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-review').waitFor();
    await page.getByTestId('return-wizard-save').click();

    // Saved: the form now offers photos, as the delivery form does.
    const uploader = page.getByTestId('return-saved-photos');
    await uploader.waitFor();
    expect(await page.getByTestId('return-saved-total').textContent()).toBe('₹2,880.00');
    await page.getByTestId('return-saved').getByText('Add photos (optional)').waitFor();
    const list = await api<{ items: { id: string }[] }>(baseUrl, account, 'GET', '/vendor_returns');
    ids.returned = list.items[0]?.id ?? '';
    await page.getByTestId('return-saved-photos-input').setInputFiles({
      name: 'cracked-boxes.png',
      mimeType: 'image/png',
      buffer: await photo('Cracked boxes', '#fcd34d'),
    });
    await uploader
      .locator('[data-testid="return-saved-photos-entry"][data-status="done"]')
      .waitFor();
    expect(await stored()).toHaveLength(1);
    await screenshot(page, 'return-photos-form-laptop');

    // The return's detail shows the thumbnail; it opens the viewer.
    await page.getByTestId('return-wizard-view').click();
    const detail = page.getByTestId('return-detail');
    await detail.waitFor();
    await page.getByTestId('return-photos').locator('img').first().waitFor();
    expect(await page.getByTestId('return-photos-item').count()).toBe(1);
    await page.getByTestId('return-photos-item').first().click();
    const viewer = page.getByTestId('return-photos-viewer');
    await viewer.getByText('Photo 1 of 1').waitFor();
    await viewer.locator('img').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await detail.waitFor();

    // Another photo from the detail, then one removed again.
    await page.getByTestId('return-photos-upload-input').setInputFiles({
      name: 'label.png',
      mimeType: 'image/png',
      buffer: await photo('Batch label', '#93c5fd'),
    });
    await page.getByTestId('return-photos-item').nth(1).waitFor();
    await page.getByTestId('return-photos').locator('img').nth(1).waitFor();
    expect(await stored()).toHaveLength(2);
    await animationsDone(page);
    await screenshot(page, 'return-photos-detail-laptop');
    const [first, second] = await stored();
    await page.getByTestId('return-photos-remove').first().click();
    await page.getByTestId('return-photos-item').nth(1).waitFor({ state: 'detached' });
    expect(await stored()).toEqual([second]);
    expect(first).not.toBe(second);

    // A file that is not a photo is refused before it is sent.
    await page.getByTestId('return-photos-upload-input').setInputFiles({
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not an image at all'),
    });
    await page.getByTestId('return-photos-upload-error').waitFor();
    expect(await stored()).toHaveLength(1);

    // The edit form shows the same photos and takes more.
    await page.getByTestId('return-edit-open').click();
    await page.getByTestId('return-edit').waitFor();
    await page.getByTestId('return-edit-photos').locator('img').first().waitFor();
    expect(await page.getByTestId('return-edit-photos-item').count()).toBe(1);
    await page.getByTestId('return-edit-photos-upload-choose').waitFor();
    await screenshot(page, 'return-photos-edit-laptop');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('on a phone: camera button, thumbnails and the full-screen viewer', async () => {
    await open(390, 844, true);
    // One more photo, so the phone shows a few thumbnails.
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await photo('Stacked boxes', '#86efac'))], { type: 'image/png' }),
      'stack.png',
    );
    const res = await fetch(
      `${baseUrl}/api/sites/${account.siteId}/vendor_returns/${ids.returned}/files`,
      { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form },
    );
    expect(res.status).toBe(200);
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByTestId(`return-row-${ids.returned}`).click();
    await page.getByTestId('return-detail').waitFor();
    await page.getByTestId('return-photos').locator('img').nth(1).waitFor();
    const camera = page.getByTestId('return-photos-upload-camera');
    await camera.waitFor();
    expect(await camera.textContent()).toContain('Take photo');
    expect(
      await page
        .getByTestId('return-photos-upload')
        .locator('input[capture="environment"]')
        .count(),
    ).toBe(1);
    await page.getByTestId('return-photos-section').scrollIntoViewIfNeeded();
    await animationsDone(page);
    await screenshot(page, 'return-photos-detail-phone');
    await page.getByTestId('return-photos-item').first().click();
    const viewer = page.getByTestId('return-photos-viewer');
    await viewer.getByText('Photo 1 of 2').waitFor();
    await viewer.locator('img').waitFor();
    await page.getByRole('button', { name: 'Next photo' }).click();
    await viewer.getByText('Photo 2 of 2').waitFor();
    await screenshot(page, 'return-photos-viewer-phone');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
