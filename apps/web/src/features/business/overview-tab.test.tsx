/**
 * "All sites" → Overview (issue 47) against a stubbed GET /api/businesses/{id}/overview: a row
 * per site and the totals row to the paisa, variance red below zero, cards on a phone, and the
 * failed load with Retry.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessOverview } from '@siteledger/domain';
import { OverviewTab } from './overview-tab';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

const approvals = (material_requests: number, petty_expenses: number) => ({
  material_requests,
  petty_expenses,
  ra_bills: 0,
  stock_adjustments: 0,
  total: material_requests + petty_expenses,
});

const OVERVIEW: BusinessOverview = {
  as_of: '2026-11-30',
  sites: [
    {
      site: 'site-a',
      name: 'Green Valley',
      spend: 1_250_000.5,
      spend_month: 80_000,
      // Materials and services above; the whole site (subcontractors, labour, petty cash) here.
      site_spend: 1_400_000.5,
      site_spend_month: 95_000,
      payables: 210_000.25,
      budget: 2_000_000,
      budget_forecast: 1_900_000,
      budget_variance: 100_000,
      stock_value: 45_000.1,
      pending_approvals: approvals(2, 1),
    },
    {
      site: 'site-b',
      name: 'Lake View',
      spend: 600_000,
      spend_month: 20_000.75,
      site_spend: 650_000,
      site_spend_month: 20_000.75,
      payables: 0,
      budget: 500_000,
      budget_forecast: 650_000.2,
      budget_variance: -150_000.2,
      stock_value: 0,
      pending_approvals: approvals(0, 0),
    },
  ],
  totals: {
    spend: 1_850_000.5,
    spend_month: 100_000.75,
    site_spend: 2_050_000.5,
    site_spend_month: 115_000.75,
    payables: 210_000.25,
    budget: 2_500_000,
    budget_forecast: 2_550_000.2,
    budget_variance: -50_000.2,
    stock_value: 45_000.1,
    pending_approvals: approvals(2, 1),
  },
};

function stub(answer: BusinessOverview | 'fail', desktop: boolean) {
  const asked: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    asked.push(url);
    const failed = answer === 'fail';
    return Promise.resolve(
      new Response(JSON.stringify(failed ? { code: 'INTERNAL', message: 'Boom' } : answer), {
        status: failed ? 500 : 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return asked;
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OverviewTab business="biz-a" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('across sites: overview', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws a row per site and the totals to the paisa, the variance red below zero', async () => {
    const asked = stub(OVERVIEW, true);
    renderTab();
    const total = await screen.findByTestId('business-overview-total');
    expect(asked.some((url) => url.endsWith('/api/businesses/biz-a/overview'))).toBe(true);
    expect(within(total).getByText('All sites')).toBeTruthy();
    expect(screen.getByTestId('business-overview-total-site_spend').textContent).toBe(
      '₹20,50,000.50',
    );
    expect(screen.getByTestId('business-overview-total-payables').textContent).toBe('₹2,10,000.25');
    expect(screen.getByTestId('business-overview-total-stock_value').textContent).toBe(
      '₹45,000.10',
    );
    expect(screen.getByTestId('business-overview-total-pending').textContent).toBe('3');
    const variance = screen.getByTestId('business-overview-total-budget_variance');
    expect(variance.textContent).toContain('50,000.20');
    expect(variance.className).toContain('text-danger');
    expect(
      screen.getByTestId('business-overview-row-site-a-budget_variance').className,
    ).not.toContain('text-danger');
    expect(screen.getByTestId('business-overview-row-site-b-site_spend').textContent).toBe(
      '₹6,50,000.00',
    );
    expect(screen.getByTestId('business-as-of').textContent).toContain('2026');
  });

  it('shows a card per site and one for the totals on a phone', async () => {
    stub(OVERVIEW, false);
    renderTab();
    const total = await screen.findByTestId('business-overview-total');
    expect(within(total).getByText('₹1,15,000.75')).toBeTruthy();
    const green = screen.getByTestId('business-overview-row-site-a');
    expect(within(green).getByText('Pending approvals')).toBeTruthy();
    expect(screen.getByTestId('business-overview-row-site-a-pending').textContent).toBe('3');
    expect(within(green).getByText('Material requests: 2, Petty expenses: 1')).toBeTruthy();
  });

  it('says so when the business has no active site, and when the load fails', async () => {
    stub({ ...OVERVIEW, sites: [] }, true);
    renderTab();
    expect(await screen.findByText('No active sites')).toBeTruthy();
    cleanup();
    stub('fail', true);
    renderTab();
    expect(await screen.findByText('Could not load the overview')).toBeTruthy();
  });
});
