import { join } from 'node:path';
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
import { api, request } from './support/http';
import { overflowOf, settle } from './support/layout';
import { workerServer } from './support/worker';

interface Account {
  id: string;
  name: string;
  opening_balance: number;
  current_balance: number;
}
interface Duplicates {
  groups: { name: string; type: string; accounts: Account[] }[];
}

/** Today in India (the server's business day), YYYY-MM-DD. */
function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** ₹ in Indian grouping with paise, as the app shows money. */
const inr = (rupees: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees)}`;

/**
 * Issue 47 in the browser: one business over two sites, the same "HDFC Current" bank account
 * entered on each (different opening balances, a payment from site B's). The owner merges the
 * two from Settings → Business after a preview of the summed balances, and site B's Accounts page
 * then lists one HDFC Current whose balance is the sum — on a laptop, a 390 px phone and a
 * 360 px phone in Hindi.
 */
describe('one business over two sites: duplicate accounts merged', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: PageProblems[] = [];
  let owner: TestAccount;
  let business = '';
  let siteB = '';
  let keepId = '';
  let goneId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Meera Constructions');
    business =
      (
        await request<{ business: string }>(
          baseUrl,
          owner.token,
          'GET',
          `/api/sites/${owner.siteId}`,
        )
      ).business ?? '';
    expect(business).not.toBe('');
    siteB = (
      await request<{ id: string }>(baseUrl, owner.token, 'POST', '/api/sites', {
        name: 'Lake View Residency',
        total_units: 12,
        total_planned_area: 9000,
        business,
      })
    ).id;
    const onB = { ...owner, siteId: siteB };
    keepId = (
      await api<{ id: string }>(baseUrl, owner, 'POST', '/accounts', {
        name: 'HDFC Current',
        type: 'bank',
        bank_name: 'HDFC Bank',
        account_number: '50100123454321',
        opening_balance: 100000,
      })
    ).id;
    goneId = (
      await api<{ id: string }>(baseUrl, onB, 'POST', '/accounts', {
        name: 'HDFC Current',
        type: 'bank',
        opening_balance: 250000.5,
      })
    ).id;
    const vendor = await api<{ id: string }>(baseUrl, onB, 'POST', '/vendors', {
      name: 'Shree Ganesh Traders',
    });
    await api(baseUrl, onB, 'POST', '/payments', {
      vendor: vendor.id,
      account: goneId,
      amount: 12345.75,
      payment_date: todayInIndia(),
      reference: 'NEFT-4471',
    });
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
    problems.push(watchPage(page));
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

  /** No page errors and no missing translation on any page opened so far. */
  function noProblems() {
    expect(problems.flatMap((one) => one.errors)).toEqual([]);
    expect(problems.flatMap((one) => one.missingKeys)).toEqual([]);
  }

  const sectionShot = (name: string) => join(ARTIFACTS_DIR, `${name}.png`);

  it('lists the two HDFC accounts as one group, and previews the merge on phones', async () => {
    const duplicates = await request<Duplicates>(
      baseUrl,
      owner.token,
      'GET',
      `/api/businesses/${business}/account_duplicates`,
    );
    const group = duplicates.groups.find((one) => one.name === 'HDFC Current');
    expect(group?.type).toBe('bank');
    // The older one (site A's) is the one a merge keeps.
    expect(group?.accounts.map((account) => account.id)).toEqual([keepId, goneId]);
    expect(group?.accounts.map((account) => account.current_balance)).toEqual([100000, 237654.75]);

    for (const [width, language] of [
      [390, 'en'],
      [360, 'hi'],
    ] as const) {
      const phone = await open(width, language);
      await phone.goto(`${baseUrl}/settings`);
      const section = phone.getByTestId('business-account-duplicates');
      await section.getByTestId('business-account-duplicate').first().waitFor();
      await section
        .getByTestId(`business-account-duplicate-${goneId}`)
        .getByText('₹2,37,654.75')
        .waitFor();
      await noSidewaysScroll(phone);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: sectionShot(`business-account-duplicates-${width}-${language}`),
      });
      await screenshot(phone, `business-account-duplicates-page-${width}-${language}`);
      await phone.getByTestId(`business-account-duplicate-merge-${keepId}`).click();
      await phone.getByTestId('account-merge-preview').waitFor();
      await phone.getByTestId('account-merge-current').getByText('₹3,37,654.75').waitFor();
      await noSidewaysScroll(phone);
      await phone
        .getByTestId('account-merge-dialog')
        .screenshot({ path: sectionShot(`business-account-merge-${width}-${language}`) });
      await phone.getByTestId('account-merge-cancel').click();
      await phone.getByTestId('account-merge-dialog').waitFor({ state: 'detached' });
    }
    // Only previews so far: both accounts are still there.
    const still = await api<{ items: Account[] }>(baseUrl, owner, 'GET', '/accounts?perPage=500');
    expect(still.items.filter((account) => account.name === 'HDFC Current')).toHaveLength(2);
    noProblems();
  });

  it('merges them on a laptop, and site B lists one HDFC Current with the summed balance', async () => {
    const page = await open(1366);
    await page.goto(`${baseUrl}/settings`);
    const row = page.getByTestId('business-account-duplicate').filter({ hasText: 'HDFC Current' });
    await row.getByText('Lake View Residency', { exact: false }).waitFor();
    expect(await row.textContent()).toContain('50100123454321');
    await page.getByTestId('business-account-duplicates').scrollIntoViewIfNeeded();
    await page
      .getByTestId('business-account-duplicates')
      .screenshot({ path: sectionShot('business-account-duplicates-1366-en') });
    await page.getByTestId(`business-account-duplicate-merge-${keepId}`).click();
    await page.getByTestId('account-merge-preview').waitFor();
    await page.getByTestId(`account-merge-merged-${goneId}`).waitFor();
    expect(await page.getByTestId('account-merge-opening').textContent()).toBe('₹3,50,000.50');
    expect(await page.getByTestId('account-merge-current').textContent()).toBe('₹3,37,654.75');
    // The payment and its posting move to the kept account.
    expect(await page.getByTestId('account-merge-moves-text').textContent()).toBe(
      'Moving to HDFC Current: 1 account entry and 1 payment.',
    );
    await page
      .getByTestId('account-merge-dialog')
      .screenshot({ path: sectionShot('business-account-merge-1366-en') });
    await screenshot(page, 'business-account-merge-page-1366-en');
    await page.getByTestId('account-merge-confirm').click();
    await page.getByTestId('toast-success').getByText('Merged into HDFC Current').waitFor();
    await page.getByTestId('account-merge-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('business-account-duplicates-empty').waitFor();

    // The API: one HDFC Current under site B, its balances the sums.
    const onB = { ...owner, siteId: siteB };
    const listed = await api<{ items: Account[] }>(baseUrl, onB, 'GET', '/accounts?perPage=500');
    const hdfc = listed.items.filter((account) => account.name === 'HDFC Current');
    expect(hdfc.map((a) => [a.id, a.opening_balance, a.current_balance])).toEqual([
      [keepId, 350000.5, 337654.75],
    ]);

    const onSiteB = await open(1366, 'en', siteB);
    await onSiteB.goto(`${baseUrl}/accounts`);
    await onSiteB
      .getByTestId(`account-balance-${keepId}`)
      .getByText(inr(hdfc[0]?.current_balance ?? 0))
      .waitFor();
    expect(await onSiteB.getByTestId(`account-balance-${goneId}`).count()).toBe(0);
    expect(await onSiteB.getByRole('row', { name: /HDFC Current/ }).count()).toBe(1);
    await screenshot(onSiteB, 'business-account-merged-site-b-1366');
    noProblems();
  });
});
