/**
 * "Merge vendors" (issue 47) against a stubbed POST …/vendor_merges: the dialog previews first
 * (the kept vendor, the merged ones with their sites, what moves), "Merge" sends the group's
 * first vendor as `keep` and the others, and vendors of two GSTINs are refused in plain words.
 */
import type { VendorMergeResult } from '@siteledger/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../lib/toast-store';
import { BUSINESS, cleanUpAfterEach, refusal, renderDialog, stub } from './business-test-kit';
import { VendorMergeDialog, type DuplicateGroup } from './vendor-merge-dialog';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

const GROUP: DuplicateGroup = {
  reason: 'gstin',
  name: 'Sri Lakshmi Traders',
  gstin: '27AAPFU0939F1ZV',
  vendors: [
    { id: 'v1', site: 'site-a', site_name: 'Green Valley', name: 'Sri Lakshmi Traders' },
    { id: 'v2', site: 'site-b', site_name: 'Lake View', name: 'SRI LAKSHMI TRADERS' },
  ],
};

const RESULT: VendorMergeResult = {
  preview: true,
  keep: { id: 'v1', name: 'Sri Lakshmi Traders', gstin: '27AAPFU0939F1ZV' },
  merged: [{ id: 'v2', site: 'site-b', name: 'SRI LAKSHMI TRADERS', gstin: '27AAPFU0939F1ZV' }],
  records: { payments: 2, service_bookings: 1, deliveries: 2 },
};

const renderMerge = () =>
  renderDialog((onOpenChange) => (
    <VendorMergeDialog business={BUSINESS} group={GROUP} onOpenChange={onOpenChange} />
  ));

describe('merge vendors dialog', () => {
  cleanUpAfterEach();

  it('previews the kept vendor, the merged ones and what moves, then merges', async () => {
    const sent = stub((body) => ({
      status: 200,
      body: { ...RESULT, preview: body.preview === true },
    }));
    const onOpenChange = renderMerge();

    const preview = await screen.findByTestId('vendor-merge-preview');
    expect(sent).toEqual([
      {
        url: expect.stringContaining('/api/businesses/biz-a/vendor_merges'),
        body: { keep: 'v1', vendors: ['v2'], preview: true },
      },
    ]);
    const keep = within(preview).getByTestId('vendor-merge-keep');
    expect(within(keep).getByText('Sri Lakshmi Traders')).toBeTruthy();
    expect(within(keep).getByText('On Green Valley')).toBeTruthy();
    const merged = screen.getByTestId('vendor-merge-merged-v2');
    expect(within(merged).getByText('SRI LAKSHMI TRADERS')).toBeTruthy();
    expect(within(merged).getByText('On Lake View')).toBeTruthy();
    // In the order of the list, each with its plural, joined as a sentence.
    expect(screen.getByTestId('vendor-merge-moves-text').textContent).toBe(
      'Moving to Sri Lakshmi Traders: 2 deliveries, 1 service booking and 2 payments.',
    );

    fireEvent.click(screen.getByTestId('vendor-merge-confirm'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ keep: 'v1', vendors: ['v2'] });
    expect(getToasts().map((one) => one.message)).toContain('Merged into Sri Lakshmi Traders');
  });

  it('says plainly that vendors of two GSTINs cannot merge, and offers no Merge', async () => {
    stub(() => refusal('vendors', 'gstin_mismatch', 'Vendors with different GSTINs'));
    renderMerge();
    const error = await screen.findByTestId('vendor-merge-error');
    expect(error.textContent).toContain('These vendors have different GSTINs');
    expect((screen.getByTestId('vendor-merge-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
