/**
 * The merge preview (issue 47): the sites that move, the TAN each moved site takes (a warning
 * naming the new TAN) and the vendors that are one party on several sites.
 */
import { DEFAULT_ROLE_SETTINGS, type BusinessMergeResult } from '@siteledger/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MergePreview } from './merge-preview';

const BUSINESS: BusinessMergeResult['business'] = {
  id: 'biz-a',
  owner: 'user-1',
  name: 'Green Builders',
  legal_name: null,
  address: null,
  gstins: [],
  pan: null,
  tan: 'MUMA12345B',
  logo: null,
  sites: [{ id: 'site-a', name: 'Green Valley', is_active: true }],
  role_settings: DEFAULT_ROLE_SETTINGS,
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
};

const PREVIEW: BusinessMergeResult = {
  preview: true,
  business: BUSINESS,
  vendors_merged: 0,
  sites_moved: [
    { id: 'site-b', name: 'Lake View', from_business: 'biz-b', from_name: 'Lake View' },
    { id: 'site-c', name: 'Hill Top', from_business: 'biz-c', from_name: 'Hill Top Homes' },
  ],
  tan_changes: [
    { site: 'site-b', name: 'Lake View', from: 'PNEA54321C', to: 'MUMA12345B' },
    { site: 'site-c', name: 'Hill Top', from: null, to: 'MUMA12345B' },
  ],
  duplicate_vendors: [
    {
      reason: 'gstin',
      name: 'Sri Lakshmi Traders',
      gstin: '27AAPFU0939F1ZV',
      vendors: [
        { id: 'v1', site: 'site-a', site_name: 'Green Valley', name: 'Sri Lakshmi Traders' },
        { id: 'v2', site: 'site-b', site_name: 'Lake View', name: 'SRI LAKSHMI TRADERS' },
      ],
    },
    {
      reason: 'name',
      name: 'Ramesh Carpenters',
      gstin: null,
      vendors: [
        { id: 'v3', site: 'site-a', site_name: 'Green Valley', name: 'Ramesh Carpenters' },
        { id: 'v4', site: 'site-c', site_name: 'Hill Top', name: 'Ramesh Carpenters' },
      ],
    },
  ],
};

describe('merge preview', () => {
  afterEach(cleanup);

  it('lists the sites that move, warns of each TAN change and shows one party on several sites', () => {
    render(<MergePreview result={PREVIEW} />);
    const sites = screen.getByTestId('business-merge-sites');
    expect(within(sites).getByText('2 sites move into Green Builders')).toBeTruthy();
    expect(
      within(screen.getByTestId('business-merge-site-site-c')).getByText('Now in Hill Top Homes'),
    ).toBeTruthy();

    const lake = screen.getByTestId('business-merge-tan-site-b');
    expect(lake.textContent).toContain('PNEA54321C');
    expect(
      within(lake).getByText('TDS of this site will be counted under TAN MUMA12345B.'),
    ).toBeTruthy();
    // A site without a TAN before says so rather than showing nothing.
    expect(screen.getByTestId('business-merge-tan-site-c').textContent).toContain('No TAN');

    const vendors = screen.getAllByTestId('business-merge-vendor');
    expect(vendors).toHaveLength(2);
    expect(within(vendors[0]!).getByText('Same GSTIN')).toBeTruthy();
    expect(within(vendors[0]!).getByText('27AAPFU0939F1ZV')).toBeTruthy();
    expect(within(vendors[0]!).getByText('On: Green Valley, Lake View')).toBeTruthy();
    expect(within(vendors[1]!).getByText('Same name')).toBeTruthy();
  });

  it('leaves out the TAN warning when no TAN changes and says no vendor repeats', () => {
    render(
      <MergePreview
        result={{
          ...PREVIEW,
          sites_moved: PREVIEW.sites_moved.slice(0, 1),
          tan_changes: [],
          duplicate_vendors: [],
        }}
      />,
    );
    expect(screen.getByText('1 site moves into Green Builders')).toBeTruthy();
    expect(screen.queryByTestId('business-merge-tan')).toBeNull();
    expect(screen.getByText('No vendor appears on more than one site.')).toBeTruthy();
  });
});
