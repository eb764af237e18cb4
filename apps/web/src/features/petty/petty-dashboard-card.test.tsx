import type { Imprest } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n';
import type { QueueEntry } from '../../lib/offline-queue';
import { imprestFigures } from './petty-balance';
import { pettyTiles } from './petty-dashboard-card';
import { queueEntry } from '../../lib/queue-entry-fixture';

const imprest = (over: Partial<Imprest> = {}): Imprest => ({
  id: 'imp1',
  site: 'site-1',
  holder: 'user-1',
  holder_name: 'Suresh',
  amount: 10_000,
  issued_date: '2026-11-01',
  account: 'acc-1',
  notes: null,
  approved_spend: 1_950,
  pending_spend: 4_860,
  balance: 3_190,
  replenishment_due: 1_950,
  last_replenished: null,
  created_by: 'owner-1',
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
  ...over,
});

const queuedSpend = (amount: number): QueueEntry =>
  queueEntry({ key: 'q1', collection: 'petty_expenses', body: { imprest: 'imp1', amount } });

/** The key and its values, so a tile's texts can be read without the strings. */
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('dashboard petty cash card', () => {
  it('shows what waits for approval and the month’s spend; owners go to the approvals tab', () => {
    const tiles = pettyTiles(
      { petty_pending_count: 3, petty_pending_amount: 12450.5, petty_spent_month: 38200 },
      t,
      true,
    );
    expect(tiles.map((tile) => [tile.id, tile.to, tile.value])).toEqual([
      ['pending', '/petty-cash?tab=approvals', '3'],
      ['spent', '/petty-cash', '₹38,200.00'],
    ]);
    expect(tiles[0]?.caption).toBe('pettyAdmin.dashboard.pendingCaption {"amount":"₹12,450.50"}');
  });

  it('sends others to the page, and leaves out what the answer does not carry', () => {
    const tiles = pettyTiles({ petty_pending_count: 0, petty_pending_amount: 0 }, t, false);
    expect(tiles.map((tile) => [tile.id, tile.to])).toEqual([['pending', '/petty-cash']]);
    // A server from before issue 46, or a role that does not see money: no card at all.
    expect(pettyTiles({}, t, true)).toEqual([]);
  });

  it("puts the holder's cash in hand first, as the petty cash page counts it", () => {
    const own = [imprestFigures(imprest(), [])];
    const tiles = pettyTiles({ petty_pending_count: 2, petty_pending_amount: 4860 }, t, false, own);
    expect(tiles.map((tile) => [tile.id, tile.to, tile.value, tile.tone])).toEqual([
      ['cash', '/petty-cash', '₹3,190.00', 'emerald'],
      ['pending', '/petty-cash', '2', 'amber'],
    ]);
    expect(tiles[0]?.label).toBe('petty.balance.cashInHand');
    expect(tiles[0]?.caption).toBe('petty.balance.level {"amount":"₹10,000.00"}');
    // Without any figure from the dashboard's answer the holder still sees his cash.
    expect(pettyTiles({}, t, false, own).map((tile) => tile.id)).toEqual(['cash']);
    // Nobody's cash for a person who holds none.
    expect(pettyTiles({}, t, true, [])).toEqual([]);
  });

  it('takes off what waits for signal, and below zero says it is owed to the holder', () => {
    const [waiting] = pettyTiles({}, t, false, [imprestFigures(imprest(), [queuedSpend(190)])]);
    expect(waiting?.value).toBe('₹3,000.00');
    expect(waiting?.caption).toBe('petty.balance.waitingForSignal {"amount":"₹190.00"}');
    const [owed] = pettyTiles({}, t, false, [imprestFigures(imprest({ balance: -500 }), [])]);
    expect(owed?.value).toBe('petty.balance.owedToYou {"amount":"₹500.00"}');
    expect(owed?.tone).toBe('amber');
    const two = pettyTiles({}, t, false, [
      imprestFigures(imprest(), []),
      imprestFigures(imprest({ id: 'imp2' }), []),
    ]);
    expect(two.map((tile) => tile.id)).toEqual(['cash', 'cash-2']);
  });

  it('reads in Hindi', async () => {
    await ensureLanguage('hi');
    await i18n.changeLanguage('hi');
    try {
      const hindi = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
      const [pending] = pettyTiles(
        { petty_pending_count: 2, petty_pending_amount: 500 },
        hindi,
        true,
      );
      expect(pending?.label).toBe('मंज़ूरी के इंतज़ार में');
      expect(pending?.caption).toBe('कुल ₹500.00');
      const [cash] = pettyTiles({}, hindi, false, [imprestFigures(imprest({ balance: -500 }), [])]);
      expect(cash?.label).toBe('हाथ में नक़दी');
      expect(cash?.value).toBe('₹500.00 आपको मिलने हैं');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
