/**
 * "Merge items and services" (issue 47) against a stubbed POST …/catalog_merges: the dialog
 * previews first (the kept item with its unit, the merged one with its site, what moves), "Merge"
 * sends the kind, the group's first record as `keep` and the others, and items of two units are
 * refused in plain words.
 */
import type { CatalogMergeResult } from '@siteledger/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../lib/toast-store';
import { BUSINESS, cleanUpAfterEach, refusal, renderDialog, stub } from './business-test-kit';
import { CatalogMergeDialog, type CatalogGroup } from './catalog-merge-dialog';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

const GROUP: CatalogGroup = {
  kind: 'items',
  name: 'Cement',
  unit: 'bag',
  records: [
    { id: 'i1', site: 'site-a', site_name: 'Green Valley', name: 'Cement' },
    { id: 'i2', site: 'site-b', site_name: 'Lake View', name: 'cement' },
  ],
};

const RESULT: CatalogMergeResult = {
  preview: true,
  kind: 'items',
  keep: { id: 'i1', name: 'Cement', unit: 'bag' },
  merged: [{ id: 'i2', site: 'site-b', name: 'cement' }],
  moved: { stock_movements: 3, delivery_items: 1, budget_lines: 0, mystery: 2 },
};

const renderMerge = () =>
  renderDialog((onOpenChange) => (
    <CatalogMergeDialog business={BUSINESS} group={GROUP} onOpenChange={onOpenChange} />
  ));

describe('merge items and services dialog', () => {
  cleanUpAfterEach();

  it('previews the kept item, the merged one and what moves, then merges', async () => {
    const sent = stub((body) => ({
      status: 200,
      body: { ...RESULT, preview: body.preview === true },
    }));
    const onOpenChange = renderMerge();

    const preview = await screen.findByTestId('catalog-merge-preview');
    expect(sent).toEqual([
      {
        url: expect.stringContaining('/api/businesses/biz-a/catalog_merges'),
        body: { kind: 'items', keep: 'i1', records: ['i2'], preview: true },
      },
    ]);
    const keep = within(preview).getByTestId('catalog-merge-keep');
    expect(within(keep).getByText('Cement')).toBeTruthy();
    expect(keep.textContent).toContain('Unit: bag');
    expect(keep.textContent).toContain('On Green Valley');
    const merged = screen.getByTestId('catalog-merge-merged-i2');
    expect(merged.textContent).toContain('cement');
    expect(merged.textContent).toContain('On Lake View');
    // In the order of the list, each with its plural; none of a kind is left out, an unknown last.
    expect(screen.getByTestId('catalog-merge-moves-text').textContent).toBe(
      'Moving to Cement: 1 delivery line, 3 stock entries and 2 other records.',
    );

    fireEvent.click(screen.getByTestId('catalog-merge-confirm'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ kind: 'items', keep: 'i1', records: ['i2'] });
    expect(getToasts().map((one) => one.message)).toContain('Merged into Cement');
  });

  it('says plainly that items of two units cannot merge, and offers no Merge', async () => {
    stub(() => refusal('records', 'unit_mismatch', 'Items of different units'));
    renderMerge();
    const error = await screen.findByTestId('catalog-merge-error');
    expect(error.textContent).toContain('These are counted in different units');
    expect((screen.getByTestId('catalog-merge-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
