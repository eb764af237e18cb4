/**
 * "Merge businesses" with duplicate vendors (issue 47) against a stubbed POST …/merge: the
 * preview offers to merge the vendors too, unticked; ticked, the confirm sends `merge_vendors`
 * and the toast says how many vendors merged.
 */
import type { Business, BusinessMergeResult } from '@siteledger/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast } from '../../lib/toast-store';
import { BUSINESS } from './business-test-kit';
import { MergeDialog } from './merge-dialog';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

const business = (id: string, name: string, site: string): Business => ({
  ...BUSINESS,
  id,
  name,
  sites: [{ id: site, name, is_active: true }],
});

const A = business('biz-a', 'Green Builders', 'site-a');
const B = business('biz-b', 'Lake View', 'site-b');

function answer(preview: boolean, vendorsMerged: number): BusinessMergeResult {
  return {
    preview,
    business: { ...A, sites: [...A.sites, ...B.sites] },
    sites_moved: [
      { id: 'site-b', name: 'Lake View', from_business: 'biz-b', from_name: 'Lake View' },
    ],
    tan_changes: [],
    vendors_merged: vendorsMerged,
    duplicate_vendors: [
      {
        reason: 'gstin',
        name: 'Sri Lakshmi Traders',
        gstin: '27AAPFU0939F1ZV',
        vendors: [
          { id: 'v1', site: 'site-a', site_name: 'Green Builders', name: 'Sri Lakshmi Traders' },
          { id: 'v2', site: 'site-b', site_name: 'Lake View', name: 'Sri Lakshmi Traders' },
        ],
      },
    ],
  };
}

describe('merge businesses dialog', () => {
  afterEach(() => {
    cleanup();
    toast.clear();
    vi.unstubAllGlobals();
  });

  it('offers to merge the duplicate vendors (unticked) and sends merge_vendors when ticked', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { preview?: boolean };
      sent.push(body);
      const reply = answer(body.preview === true, body.preview ? 0 : 1);
      return Promise.resolve(
        new Response(JSON.stringify(reply), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    const onOpenChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MergeDialog business={A} others={[B]} open onOpenChange={onOpenChange} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('business-merge-choose-biz-b'));
    fireEvent.click(screen.getByTestId('business-merge-preview-button'));
    const toggle = (await screen.findByTestId('business-merge-vendors-toggle')) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(sent[0]).toEqual({ businesses: ['biz-b'], preview: true });

    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('business-merge-confirm'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[1]).toEqual({ businesses: ['biz-b'], merge_vendors: true });
    expect(getToasts().map((one) => one.message)).toContain(
      '1 site moved into Green Builders. 1 duplicate vendor merged.',
    );
  });
});
