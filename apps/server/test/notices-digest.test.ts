/**
 * The daily notice digests (issue 47, API.md "Notices (issue 47)"): bills and retention falling
 * due within 7 days, to the sites' owners and accountants, once a day, by calling the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../src/platform/business-time.js';
import { noticeDigests } from '../src/modules/notices/notices.js';
import {
  delivery,
  mailsDuring,
  ok,
  owner,
  server,
  startNoticeSite,
  stopNoticeSite,
  vendor,
} from './helpers/notices-site.js';

beforeAll(startNoticeSite);
afterAll(stopNoticeSite);

// The digests are run as of 10 days from now: the server's own hourly run (today) finds nothing
// of these tests' bills and work orders due within its 7 days, so it cannot send them first.
const AHEAD = 10;
const later = () => new Date(Date.now() + AHEAD * 24 * 60 * 60 * 1000);

describe('the daily digest', () => {
  it('lists the bills falling due within 7 days, once a day', async () => {
    const today = businessToday('Asia/Kolkata');
    // Due 30 days after its date: 5 days after the run.
    await delivery(owner, 5, addDays(today, AHEAD - 25));
    const got = await mailsDuring(() => noticeDigests(server.ctx, later()));
    const digest = (m: { subject: string }) => m.subject.startsWith('Bills falling due');
    expect(got.owner.filter(digest)).toHaveLength(1);
    expect(got.accountant.filter(digest)).toHaveLength(1);
    expect(got.supervisor).toEqual([]);
    expect(got.owner.find(digest)?.text).toContain(`${addDays(today, AHEAD + 5)} · Lake View`);
    const again = await mailsDuring(() => noticeDigests(server.ctx, later()));
    expect(again.all).toEqual([]);
  });

  it('lists the retention falling due within 7 days', async () => {
    const today = businessToday('Asia/Kolkata');
    const draft = await ok(
      'POST',
      '/work_orders',
      {
        vendor,
        title: 'Plastering, tower A',
        retention_percent: 5,
        retention_due_days: AHEAD + 3,
        lines: [{ description: 'Plaster', unit: 'sqm', quantity: 1000, rate: 200 }],
      },
      owner,
    );
    const order = await ok<{ id: string; lines: { id: string }[] }>(
      'POST',
      `/work_orders/${draft.id}/issue`,
      undefined,
      owner,
    );
    await ok(
      'POST',
      '/ra_bills',
      {
        work_order: order.id,
        bill_date: today,
        final: true,
        lines: [{ work_order_line: order.lines[0]!.id, cumulative_quantity: 1000 }],
      },
      owner,
    );
    // A day after the bills' run: that day's bills digest went already, the retention's goes.
    const dayAfter = new Date(later().getTime() + 24 * 60 * 60 * 1000);
    const got = await mailsDuring(() => noticeDigests(server.ctx, dayAfter));
    const digest = (m: { subject: string }) => m.subject.startsWith('Retention falling due');
    expect(got.owner.filter(digest)).toHaveLength(1);
    expect(got.accountant.filter(digest)).toHaveLength(1);
    // 5% of ₹2,00,000 held, due 13 days after the final bill (2 days after the run).
    expect(got.owner.find(digest)?.text).toContain(
      `${addDays(today, AHEAD + 3)} · Lake View · Shree Cement Traders: ₹10,000.00`,
    );
  });

  it("comes in each person's language: Hindi for the owner, English for the accountant", async () => {
    const today = businessToday('Asia/Kolkata');
    await ok('PATCH', '/api/me/notices', { language: 'hi' }, owner);
    // Two days after the bills' run; due 4 days after it: ₹2,000.00 (5 bags at ₹400).
    await delivery(owner, 5, addDays(today, AHEAD - 24));
    const run = new Date(later().getTime() + 2 * 24 * 60 * 60 * 1000);
    const got = await mailsDuring(() => noticeDigests(server.ctx, run));
    const bills = got.owner.find((m) => m.subject.startsWith('अगले 7 दिनों में देय बिल: ₹'));
    expect(bills?.text).toContain('अगले 7 दिनों में देय बिल (2):');
    expect(bills?.text).toContain(
      `${addDays(today, AHEAD + 6)} · Lake View · Shree Cement Traders: ₹2,000.00`,
    );
    const retention = got.owner.find((m) => m.subject.startsWith('अगले 7 दिनों में देय रिटेंशन'));
    expect(retention?.subject).toBe('अगले 7 दिनों में देय रिटेंशन: ₹10,000.00');
    expect(got.owner).toHaveLength(2);
    expect(got.accountant.map((m) => m.subject.split(':')[0]).sort()).toEqual([
      'Bills falling due within 7 days',
      'Retention falling due within 7 days',
    ]);
    await ok('PATCH', '/api/me/notices', { language: 'en' }, owner);
  });
});
