import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, watchPage, type PageProblems } from './support/browser';
import { onServer, waitForMailLink } from './support/mail';
import { workerServer } from './support/worker';

describe.skipIf(!workerServer().dataDir)('forgot password, reset link, email verification', () => {
  const baseUrl = workerServer().baseUrl;
  const dataDir = workerServer().dataDir;
  const email = `ravi.${Date.now()}@example.in`;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    const response = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ravi Kumar',
        email,
        password: 'first-pass',
        passwordConfirm: 'first-pass',
        legal_accepted: true,
      }),
    });
    expect(response.status).toBe(201);
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    problems = watchPage(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('rejects a reset link with a bad token with the server message', async () => {
    await page.goto(`${baseUrl}/reset-password?token=not-a-real-token`);
    await page.getByLabel('New password').fill('new-pass-1');
    await page.getByLabel('Confirm password').fill('new-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('reset-password-error').waitFor();
    expect(await page.getByTestId('reset-password-error').textContent()).toContain(
      'Invalid or expired reset link',
    );
  });

  it('requests a reset link and always confirms', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByTestId('forgot-password-page').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-password-sent').waitFor();
  });

  it('sets a new password from the mailed link and signs in with it', async () => {
    const link = await waitForMailLink(dataDir, email, '/reset-password');
    await page.goto(onServer(link, baseUrl));
    await page.getByLabel('New password').fill('new-pass-1');
    await page.getByLabel('Confirm password').fill('new-pass-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Confirm password').fill('new-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('reset-password-done').waitFor();

    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('new-pass-1');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('create-first-site').waitFor();
    expect(new URL(page.url()).pathname).toBe('/select-site');
  });

  it('confirms the email address from the verification link', async () => {
    const link = await waitForMailLink(dataDir, email, '/verify');
    await page.goto(onServer(link, baseUrl));
    await page.getByTestId('verify-done').waitFor();
  });

  it('changes the email from the link mailed to the new address', async () => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'new-pass-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const newEmail = `ravi.moved.${Date.now()}@example.in`;
    const request = await fetch(`${baseUrl}/api/auth/email-change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ newEmail }),
    });
    expect(request.status).toBe(204);
    const link = await waitForMailLink(dataDir, newEmail, '/confirm-email-change');
    await page.goto(onServer(link, baseUrl));
    await page.getByLabel('Password', { exact: true }).fill('wrong-pass');
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await page.getByTestId('confirm-email-change-error').waitFor();
    expect(await page.getByTestId('confirm-email-change-error').textContent()).toContain(
      'Invalid credentials',
    );
    await page.getByLabel('Password', { exact: true }).fill('new-pass-1');
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await page.getByTestId('confirm-email-change-done').waitFor();
    const relogin = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: newEmail, password: 'new-pass-1' }),
    });
    expect(relogin.status).toBe(200);
  });

  it('raised no page errors and no missing translation keys', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
