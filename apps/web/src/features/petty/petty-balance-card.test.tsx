import type { Imprest } from '@siteledger/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueEntry } from '../../lib/offline-queue';
import { PettyBalanceCard } from './petty-balance-card';
import { queueEntry } from '../../lib/queue-entry-fixture';

const imprest = (over: Partial<Imprest> = {}): Imprest => ({
  id: 'imp1',
  site: 'site-1',
  holder: 'user-1',
  holder_name: 'Ramesh',
  amount: 10_000,
  issued_date: '2026-11-01',
  account: 'acc-1',
  notes: null,
  approved_spend: 6_000,
  pending_spend: 2_500,
  balance: 1_500,
  replenishment_due: 6_000,
  last_replenished: null,
  created_by: 'owner-1',
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
  ...over,
});

const entry = (
  key: string,
  body: Record<string, unknown>,
  over: Partial<QueueEntry> = {},
): QueueEntry => queueEntry({ key, collection: 'petty_expenses', body, ...over });

const text = (id: string) => screen.getByTestId(id).textContent;

describe('petty cash balance card', () => {
  afterEach(cleanup);

  it('shows cash in hand with what was approved and what waits for the owner', () => {
    render(<PettyBalanceCard imprests={[imprest()]} queued={[]} />);
    expect(text('petty-balance-cash')).toBe('₹1,500.00');
    expect(text('petty-balance-approved')).toBe('₹6,000.00');
    expect(text('petty-balance-pending')).toBe('₹2,500.00');
    expect(screen.queryByTestId('petty-balance-queued')).toBeNull();
  });

  it('turns a negative balance into money owed to the holder', () => {
    render(<PettyBalanceCard imprests={[imprest({ balance: -500 })]} queued={[]} />);
    expect(text('petty-balance-cash')).toBe('₹500.00 owed to you');
  });

  it('takes off the expenses on this imprest still waiting for signal, and says so', () => {
    const queued = [
      entry('a', { imprest: 'imp1', amount: 250.5 }),
      entry('b', { imprest: 'imp1', amount: 99.5 }, { status: 'sending' }),
      // Refused by the server: it spends nothing until it is fixed.
      entry('c', { imprest: 'imp1', amount: 1000 }, { status: 'failed' }),
      // Another imprest's, and another kind of record.
      entry('d', { imprest: 'imp2', amount: 700 }),
      entry('e', { imprest: 'imp1', amount: 40 }, { collection: 'payments' }),
    ];
    render(<PettyBalanceCard imprests={[imprest()]} queued={queued} />);
    expect(text('petty-balance-cash')).toBe('₹1,150.00');
    expect(text('petty-balance-queued')).toBe('incl. ₹350.00 waiting for signal');
  });

  it('goes below zero with queued spends: owed to the holder', () => {
    const queued = [entry('a', { imprest: 'imp1', amount: 2000 })];
    render(<PettyBalanceCard imprests={[imprest()]} queued={queued} />);
    expect(text('petty-balance-cash')).toBe('₹500.00 owed to you');
  });

  it('shows nothing to a person who holds no petty cash', () => {
    render(<PettyBalanceCard imprests={[]} queued={[]} />);
    expect(screen.queryByTestId('petty-balance')).toBeNull();
  });

  it('offers the holder his own statement on the page, not inside the Spent form', () => {
    const onStatement = vi.fn();
    const mine = imprest();
    render(<PettyBalanceCard imprests={[mine]} queued={[]} onStatement={onStatement} />);
    const button = screen.getByTestId('petty-balance-statement');
    expect(button.textContent).toBe('My statement');
    fireEvent.click(button);
    expect(onStatement).toHaveBeenCalledWith(mine);
    cleanup();
    render(<PettyBalanceCard imprests={[mine]} queued={[]} compact />);
    expect(screen.queryByTestId('petty-balance-statement')).toBeNull();
  });
});
