/**
 * Notices that reach people (issue 47, API.md "Notices (issue 47)") over HTTP on a real server:
 * a submitted request mails the owners, a decided one its requester ("a mail per decided
 * request"), an issued PO the owners and accountants, a big bill those whose amount it passes;
 * nobody hears of their own change; each person's choices hold; each hears in their own language;
 * WhatsApp goes through a fake Cloud API (the daily digests: notices-digest.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/platform/business-time.js';
import { call } from './helpers/api.js';
import {
  accountant,
  delivery,
  mailsDuring,
  ok,
  owner,
  request,
  server,
  siteId,
  startNoticeSite,
  stopNoticeSite,
  supervisor,
  vendor,
  whatsapp,
  cement,
  type Prefs,
} from './helpers/notices-site.js';

beforeAll(startNoticeSite);
afterAll(stopNoticeSite);

describe('material requests', () => {
  it('a supervisor submits a request: one mail to the owner, none to anyone else', async () => {
    let id = '';
    const got = await mailsDuring(async () => {
      const draft = await request(supervisor, false);
      id = (await ok('POST', `/material_requests/${draft.id}/submit`, undefined, supervisor)).id;
    });
    expect(got.all).toHaveLength(1);
    expect(got.owner).toHaveLength(1);
    expect(got.owner[0]?.subject).toContain('Lake View');
    expect(got.owner[0]?.text).toContain('Suresh Supervisor');
    expect(got.owner[0]?.link).toBe(`http://app.test/material-requests/${id}`);

    // The owner approves it: one mail to the supervisor, a mail per decided request.
    const decided = await mailsDuring(() =>
      ok('POST', `/material_requests/${id}/approve`, {}, owner),
    );
    expect(decided.all).toHaveLength(1);
    expect(decided.supervisor[0]?.subject).toBe('Your material request on Lake View was approved');
    expect(decided.supervisor[0]?.link).toBe(`http://app.test/material-requests/${id}`);
  });

  it('a rejection reaches the requester with its reason', async () => {
    const { id } = await request(supervisor);
    const got = await mailsDuring(() =>
      ok('POST', `/material_requests/${id}/reject`, { notes: 'Use the stock at hand' }, owner),
    );
    expect(got.all).toHaveLength(1);
    expect(got.supervisor[0]?.subject).toBe('Your material request on Lake View was rejected');
    expect(got.supervisor[0]?.text).toContain('Reason: Use the stock at hand');
  });

  it("the owner's own request mails nobody", async () => {
    const got = await mailsDuring(async () => {
      // An owner's request needs no decision: submitting approves it.
      const own = await request(owner);
      expect(own.status).toBe('approved');
    });
    expect(got.all).toEqual([]);
  });

  it('with mail switched off for decisions, a decision mails nobody', async () => {
    const prefs = await ok<Prefs>(
      'PATCH',
      '/api/me/notices',
      { items: [{ kind: 'request_decided', mail: false }] },
      supervisor,
    );
    expect(prefs.items.find((i) => i.kind === 'request_decided')).toEqual({
      kind: 'request_decided',
      mail: false,
      whatsapp: false,
      amount: null,
    });
    const { id } = await request(supervisor);
    const got = await mailsDuring(() => ok('POST', `/material_requests/${id}/approve`, {}, owner));
    expect(got.all).toEqual([]);
    await ok(
      'PATCH',
      '/api/me/notices',
      { items: [{ kind: 'request_decided', mail: true }] },
      supervisor,
    );
  });
});

describe('preferences', () => {
  it('are documented in /api/openapi.json', async () => {
    const doc = await call<{ paths: Record<string, Record<string, unknown>> }>(
      server.url,
      'GET',
      '/api/openapi.json',
    );
    expect(Object.keys(doc.body.paths['/api/me/notices'] ?? {}).sort()).toEqual(['get', 'patch']);
  });

  it('GET fills every kind with the defaults; a bad kind or amount is refused', async () => {
    const prefs = await ok<Prefs>('GET', '/api/me/notices', undefined, accountant);
    expect(prefs.items.map((i) => i.kind)).toEqual([
      'request_submitted',
      'request_decided',
      'po_issued',
      'bill_over_amount',
      'payments_due',
      'retention_due',
    ]);
    expect(prefs.items.every((i) => i.mail && !i.whatsapp)).toBe(true);
    expect(prefs.items.find((i) => i.kind === 'bill_over_amount')?.amount).toBe(50000);
    expect(prefs.whatsapp_available).toBe(true);
    expect(prefs.has_phone).toBe(true);
    for (const items of [[{ kind: 'gossip', mail: true }], [{ kind: 'po_issued', amount: -1 }]]) {
      const res = await call(server.url, 'PATCH', '/api/me/notices', {
        token: accountant.token,
        body: { items },
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('purchase orders and bills', () => {
  it('an issued PO mails the accountant (and by WhatsApp, chosen), not its issuer', async () => {
    await ok(
      'PATCH',
      '/api/me/notices',
      { items: [{ kind: 'po_issued', whatsapp: true }] },
      accountant,
    );
    const draft = await ok(
      'POST',
      '/purchase_orders',
      {
        vendor,
        lines: [{ item: cement, quantity: 100, unit_price: 400 }],
      },
      owner,
    );
    const sentBefore = whatsapp.messages.length;
    const got = await mailsDuring(() =>
      ok('POST', `/purchase_orders/${draft.id}/issue`, undefined, owner),
    );
    expect(got.all).toHaveLength(1);
    expect(got.accountant[0]?.subject).toMatch(/^Purchase order .+ issued on Lake View$/);
    expect(got.accountant[0]?.text).toContain('Shree Cement Traders');
    expect(got.accountant[0]?.link).toBe(`http://app.test/purchase-orders/${draft.id}`);
    const sent = whatsapp.messages.slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('919876543210');
    expect(sent[0]?.body).toContain(`/purchase-orders/${draft.id}`);
  });

  it("a bill above each person's amount mails them; below it, nobody", async () => {
    const big = await mailsDuring(() => delivery(supervisor, 200)); // ₹80,000
    expect(big.owner).toHaveLength(1);
    expect(big.accountant).toHaveLength(1);
    expect(big.supervisor).toEqual([]);
    expect(big.owner[0]?.subject).toBe('A bill of ₹80,000.00 on Lake View');
    await ok(
      'PATCH',
      '/api/me/notices',
      { items: [{ kind: 'bill_over_amount', amount: 100000 }] },
      accountant,
    );
    const second = await mailsDuring(() => delivery(supervisor, 200));
    expect(second.owner).toHaveLength(1);
    expect(second.accountant).toEqual([]);
    const small = await mailsDuring(() => delivery(supervisor, 10));
    expect(small.all).toEqual([]);
  });

  it('a bill replayed with its Idempotency-Key (a phone that lost the answer) mails once', async () => {
    const body = {
      vendor,
      delivery_date: businessToday('Asia/Kolkata'),
      delivery_items: [{ item: cement, quantity: 250, unit_price: 400 }],
    };
    const send = () =>
      call<{ id: string }>(server.url, 'POST', `/api/sites/${siteId}/deliveries`, {
        token: supervisor.token,
        body,
        headers: { 'idempotency-key': 'phone-notice-replay-1' },
      });
    const first = await mailsDuring(send);
    expect(first.owner).toHaveLength(1);
    const again = await mailsDuring(send);
    expect(again.all).toEqual([]);
  });
});

describe('the language notices come in', () => {
  it('GET answers null until chosen; a bad language is refused and changes nothing', async () => {
    const fresh = await ok<Prefs>('GET', '/api/me/notices', undefined, accountant);
    expect(fresh.language).toBeNull();
    for (const language of ['fr', 'HI', null, 7]) {
      const res = await call(server.url, 'PATCH', '/api/me/notices', {
        token: accountant.token,
        // With a valid change beside it: the whole PATCH is refused, not half of it.
        body: { language, items: [{ kind: 'po_issued', mail: false }] },
      });
      expect(res.status, JSON.stringify(language)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', data: { language: {} } });
    }
    expect(await ok<Prefs>('GET', '/api/me/notices', undefined, accountant)).toEqual(fresh);

    // The language alone, or with kinds: one save.
    const hindi = await ok<Prefs>('PATCH', '/api/me/notices', { language: 'hi' }, accountant);
    expect(hindi.language).toBe('hi');
    expect(hindi.items).toEqual(fresh.items);
    const both = await ok<Prefs>(
      'PATCH',
      '/api/me/notices',
      { language: 'en', items: [{ kind: 'payments_due', whatsapp: true }] },
      accountant,
    );
    expect(both.language).toBe('en');
    expect(both.items.find((i) => i.kind === 'payments_due')?.whatsapp).toBe(true);
    expect(await ok<Prefs>('GET', '/api/me/notices', undefined, accountant)).toEqual(both);
    await ok(
      'PATCH',
      '/api/me/notices',
      { items: [{ kind: 'payments_due', whatsapp: false }] },
      accountant,
    );
  });

  it('a Hindi requester hears of the decision in Hindi; an English one in English', async () => {
    await ok('PATCH', '/api/me/notices', { language: 'hi' }, supervisor);
    const hindiRequest = await request(supervisor);
    const hindi = await mailsDuring(() =>
      ok('POST', `/material_requests/${hindiRequest.id}/reject`, { notes: 'स्टॉक से लें' }, owner),
    );
    expect(hindi.supervisor).toHaveLength(1);
    expect(hindi.supervisor[0]?.subject).toBe('Lake View पर आपका सामग्री अनुरोध अस्वीकृत हुआ');
    expect(hindi.supervisor[0]?.text).toContain(
      'Ramesh Owner ने Lake View पर आपका सामग्री अनुरोध अस्वीकृत किया।',
    );
    expect(hindi.supervisor[0]?.text).toContain('कारण: स्टॉक से लें');
    expect(hindi.supervisor[0]?.link).toBe(`http://app.test/material-requests/${hindiRequest.id}`);

    await ok('PATCH', '/api/me/notices', { language: 'en' }, supervisor);
    const englishRequest = await request(supervisor);
    const english = await mailsDuring(() =>
      ok('POST', `/material_requests/${englishRequest.id}/approve`, {}, owner),
    );
    expect(english.supervisor[0]?.subject).toBe('Your material request on Lake View was approved');
  });

  it('one bill: the Hindi owner reads it in Hindi, the English accountant in English', async () => {
    await ok('PATCH', '/api/me/notices', { language: 'hi' }, owner);
    await ok(
      'PATCH',
      '/api/me/notices',
      { items: [{ kind: 'bill_over_amount', amount: null, whatsapp: true }] },
      accountant,
    );
    await ok('PATCH', '/api/me/notices', { language: 'en' }, accountant);
    const sentBefore = whatsapp.messages.length;
    const got = await mailsDuring(() => delivery(supervisor, 308.5)); // ₹1,23,400.00
    expect(got.owner[0]?.subject).toBe('Lake View पर ₹1,23,400.00 का बिल');
    expect(got.owner[0]?.text).toContain(
      'Suresh Supervisor ने Lake View पर Shree Cement Traders से ₹1,23,400.00 की डिलीवरी दर्ज की।',
    );
    expect(got.accountant[0]?.subject).toBe('A bill of ₹1,23,400.00 on Lake View');
    expect(got.accountant[0]?.text).toContain('recorded a delivery from Shree Cement Traders');
    // WhatsApp says the same as the mail: the accountant's in English.
    expect(whatsapp.messages.slice(sentBefore).map((m) => m.body)).toEqual([
      expect.stringMatching(/^A bill of ₹1,23,400\.00 on Lake View\n/),
    ]);
    await ok('PATCH', '/api/me/notices', { language: 'en' }, owner);
    await ok(
      'PATCH',
      '/api/me/notices',
      { items: [{ kind: 'bill_over_amount', whatsapp: false }] },
      accountant,
    );
  });
});
