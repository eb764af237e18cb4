import type { PettyExpense } from '@siteledger/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n';
import { PettyExpenseCard } from './petty-admin-expense-card';
import { PettyPhotoNeeded } from './petty-status';

const expense = (over: Partial<PettyExpense> = {}): PettyExpense => ({
  id: 'exp1',
  site: 'site-1',
  imprest: 'imp1',
  holder: 'ramesh',
  expense_date: '2026-11-28',
  amount: 6_200,
  description: 'Cement bags',
  head: 'material',
  budget_line: null,
  vendor_gstin: null,
  gst_rate: null,
  taxable_amount: 6_200,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 0,
  status: 'pending',
  reject_reason: null,
  decided_by: null,
  decided_at: null,
  replenishment: null,
  photos: [],
  photo_required: false,
  created_by: 'ramesh',
  created: '2026-11-28T05:00:00Z',
  updated: '2026-11-28T05:00:00Z',
  ...over,
});

const card = (one: PettyExpense, onApprove = vi.fn(), onReject = vi.fn()) =>
  render(
    <ul>
      <PettyExpenseCard
        expense={one}
        holderName="Ramesh"
        busy={false}
        disabled={false}
        onApprove={onApprove}
        onReject={onReject}
      />
    </ul>,
  );

describe('petty cash: an expense waiting for its bill photo', () => {
  afterEach(cleanup);

  it('says "Bill photo needed" on the owner’s card and keeps Approve off, Reject on', () => {
    const onApprove = vi.fn();
    const onReject = vi.fn();
    card(expense({ photo_required: true }), onApprove, onReject);
    const badge = screen.getByTestId('petty-approval-photo-needed');
    expect(badge.textContent).toBe('Bill photo needed');
    const approve = screen.getByTestId<HTMLButtonElement>('petty-approval-approve');
    expect(approve.disabled).toBe(true);
    expect(approve.title).toBe('Bill photo needed');
    expect(approve.getAttribute('aria-describedby')).toBe(badge.id);
    fireEvent.click(approve);
    expect(onApprove).not.toHaveBeenCalled();
    const reject = screen.getByTestId<HTMLButtonElement>('petty-approval-reject');
    expect(reject.disabled).toBe(false);
    fireEvent.click(reject);
    expect(onReject).toHaveBeenCalledTimes(1);
  });

  it('lets the owner approve one that needs no photo', () => {
    const onApprove = vi.fn();
    card(expense(), onApprove);
    expect(screen.queryByTestId('petty-approval-photo-needed')).toBeNull();
    const approve = screen.getByTestId<HTMLButtonElement>('petty-approval-approve');
    expect(approve.disabled).toBe(false);
    expect(approve.getAttribute('title')).toBeNull();
    fireEvent.click(approve);
    expect(onApprove).toHaveBeenCalledTimes(1);
  });

  it('shows the holder’s line only while the photo is needed', () => {
    const { rerender } = render(<PettyPhotoNeeded expense={expense({ photo_required: true })} />);
    expect(screen.getByTestId('petty-photo-needed-exp1').textContent).toBe('Bill photo needed');
    rerender(<PettyPhotoNeeded expense={expense({ photo_required: false })} />);
    expect(screen.queryByTestId('petty-photo-needed-exp1')).toBeNull();
  });

  it('reads in Hindi', async () => {
    await ensureLanguage('hi');
    await i18n.changeLanguage('hi');
    try {
      card(expense({ photo_required: true }));
      expect(screen.getByTestId('petty-approval-photo-needed').textContent).toBe(
        'बिल की फ़ोटो चाहिए',
      );
      expect(screen.getByTestId('petty-approval-approve').title).toBe('बिल की फ़ोटो चाहिए');
      expect(i18n.t('pettyAdmin.approvals.summarySkipped', { count: 2 })).toBe(
        '2 ख़र्च बिल की फ़ोटो के इंतज़ार में छोड़े गए।',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
