/**
 * "Merge accounts" (issue 47) against a stubbed POST …/account_merges: the dialog previews first
 * (the kept account, the merged ones with their sites, the summed balances, what moves), "Merge"
 * sends the group's first account as `keep` and the others, and a bank account and a cash box
 * are refused in plain words.
 */
import type { AccountMergeResult } from '@siteledger/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../lib/toast-store';
import { AccountMergeDialog, type AccountGroup } from './account-merge-dialog';
import { BUSINESS, cleanUpAfterEach, refusal, renderDialog, stub } from './business-test-kit';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

const GROUP: AccountGroup = {
  name: 'HDFC Current',
  type: 'bank',
  accounts: [
    {
      id: 'a1',
      site: 'site-a',
      site_name: 'Green Valley',
      name: 'HDFC Current',
      account_number: '50100123454321',
      opening_balance: 100000,
      current_balance: 100000,
    },
    {
      id: 'a2',
      site: 'site-b',
      site_name: 'Lake View',
      name: 'HDFC Current',
      account_number: null,
      opening_balance: 250000.5,
      current_balance: 237654.25,
    },
  ],
};

const RESULT: AccountMergeResult = {
  preview: true,
  keep: { id: 'a1', name: 'HDFC Current' },
  merged: [{ id: 'a2', site: 'site-b', name: 'HDFC Current' }],
  opening_balance: 350000.5,
  current_balance: 337654.25,
  records: { payments: 1, account_transactions: 2, tds_challans: 0 },
};

const renderMerge = () =>
  renderDialog((onOpenChange) => (
    <AccountMergeDialog business={BUSINESS} group={GROUP} onOpenChange={onOpenChange} />
  ));

describe('merge accounts dialog', () => {
  cleanUpAfterEach();

  it('previews the kept account, the merged one, the summed balances and what moves, then merges', async () => {
    const sent = stub((body) => ({
      status: 200,
      body: { ...RESULT, preview: body.preview === true },
    }));
    const onOpenChange = renderMerge();

    const preview = await screen.findByTestId('account-merge-preview');
    expect(sent).toEqual([
      {
        url: expect.stringContaining('/api/businesses/biz-a/account_merges'),
        body: { keep: 'a1', accounts: ['a2'], preview: true },
      },
    ]);
    const keep = within(preview).getByTestId('account-merge-keep');
    expect(within(keep).getByText('HDFC Current')).toBeTruthy();
    expect(within(keep).getByText('50100123454321')).toBeTruthy();
    expect(keep.textContent).toContain('On Green Valley');
    const merged = screen.getByTestId('account-merge-merged-a2');
    expect(merged.textContent).toContain('On Lake View');
    expect(merged.textContent).toContain('₹2,37,654.25');
    // The sums, in Indian grouping.
    expect(screen.getByTestId('account-merge-opening').textContent).toBe('₹3,50,000.50');
    expect(screen.getByTestId('account-merge-current').textContent).toBe('₹3,37,654.25');
    // In the order of the list, each with its plural; none of a kind is left out.
    expect(screen.getByTestId('account-merge-moves-text').textContent).toBe(
      'Moving to HDFC Current: 2 account entries and 1 payment.',
    );

    fireEvent.click(screen.getByTestId('account-merge-confirm'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ keep: 'a1', accounts: ['a2'] });
    expect(getToasts().map((one) => one.message)).toContain('Merged into HDFC Current');
  });

  it('says plainly that accounts of two types cannot merge, and offers no Merge', async () => {
    stub(() => refusal('accounts', 'type_mismatch', 'Accounts of different types'));
    renderMerge();
    const error = await screen.findByTestId('account-merge-error');
    expect(error.textContent).toContain('These accounts are of different types');
    expect((screen.getByTestId('account-merge-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
