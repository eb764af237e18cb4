/**
 * "Budgets across your sites" (issue 45) rendered against a stubbed GET
 * /api/reports/budget_overview: a row per owned site and the totals, red where a site is past its
 * budget or heading past it, a card per site on a phone, the empty state, a failed load with
 * Retry, and a site's button switching to that site before opening its Budget page.
 */
import type { BudgetOverview } from '@siteledger/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BudgetOverviewPage } from './budget-overview-page';

const mocks = vi.hoisted(() => ({ selectSite: vi.fn() }));

vi.mock('../../lib/session', () => ({
  useSession: () => ({
    status: 'signed-in',
    role: 'owner',
    siteId: 'site-a',
    selectSite: mocks.selectSite,
  }),
}));

const OVERVIEW: BudgetOverview = {
  items: [
    {
      site: 'site-a',
      site_name: 'Green Valley',
      lines: 3,
      needs_look: 0,
      budget: 1_000_000,
      committed: 100_000,
      actual: 400_000,
      remaining: 500_000,
      forecast: 950_000,
      variance: 50_000,
    },
    {
      site: 'site-b',
      site_name: 'Lake View',
      lines: 1,
      needs_look: 1,
      budget: 500_000.1,
      committed: 200_000,
      actual: 350_000,
      remaining: -49_999.9,
      forecast: 620_000.25,
      variance: -120_000.15,
    },
  ],
  totals: {
    lines: 4,
    needs_look: 1,
    budget: 1_500_000.1,
    committed: 300_000,
    actual: 750_000,
    remaining: 450_000.1,
    forecast: 1_570_000.25,
    variance: -69_999.85,
  },
};

const EMPTY: BudgetOverview = {
  items: [{ ...OVERVIEW.items[0]!, lines: 0, budget: 0, committed: 0, actual: 0, remaining: 0 }],
  totals: { ...OVERVIEW.totals, lines: 0 },
};

/** Answers each overview request with the next of `answers` (the last one repeats). */
function stubOverview(...answers: (BudgetOverview | 'fail')[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    asked.push(url);
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
    const failed = answer === 'fail' || !url.includes('/api/reports/budget_overview');
    const body = failed ? { code: 'INTERNAL', message: 'Something went wrong' } : answer;
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: failed ? 500 : 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return asked;
}

/** The table from 768 px, the cards below (DataTable reads this media query). */
function stubWidth(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/budget/overview']}>
        <Routes>
          <Route path="/budget/overview" element={<BudgetOverviewPage />} />
          <Route path="/budget" element={<p data-testid="budget-page-stand-in">Budget</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('budgets across your sites', () => {
  beforeEach(() => {
    mocks.selectSite.mockReset();
    stubWidth(true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws a row per owned site and the totals, to the paisa, red where heading over', async () => {
    const asked = stubOverview(OVERVIEW);
    renderPage();
    const lake = await screen.findByTestId('budget-overview-row-site-b');
    expect(asked.some((url) => url.endsWith('/api/reports/budget_overview'))).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Budgets across your sites');

    const green = screen.getByTestId('budget-overview-row-site-a');
    expect(within(green).getByText('Green Valley')).toBeTruthy();
    expect(within(green).getByText('3 lines')).toBeTruthy();
    expect(within(green).queryByText(/need/)).toBeNull();
    const greenVariance = screen.getByTestId('budget-overview-row-site-a-variance');
    expect(greenVariance.textContent).toBe('₹50,000.00');
    expect(greenVariance.className).not.toContain('text-danger');

    expect(within(lake).getByText('1 line')).toBeTruthy();
    expect(within(lake).getByText('1 needs a look')).toBeTruthy();
    expect(screen.getByTestId('budget-overview-row-site-b-budget').textContent).toBe(
      '₹5,00,000.10',
    );
    expect(screen.getByTestId('budget-overview-row-site-b-forecast').textContent).toBe(
      '₹6,20,000.25',
    );
    const lakeVariance = screen.getByTestId('budget-overview-row-site-b-variance');
    expect(lakeVariance.textContent).toContain('1,20,000.15');
    expect(lakeVariance.className).toContain('text-danger');
    expect(screen.getByTestId('budget-overview-row-site-b-remaining').className).toContain(
      'text-danger',
    );
    // The site's stacked bar, over its budget.
    expect(within(lake).getByRole('img').getAttribute('data-over')).toBe('true');

    const total = screen.getByTestId('budget-overview-total');
    expect(within(total).getByText('All sites')).toBeTruthy();
    expect(screen.getByTestId('budget-overview-total-budget').textContent).toBe('₹15,00,000.10');
    expect(screen.getByTestId('budget-overview-total-variance').textContent).toContain('69,999.85');
    // The totals open no site.
    expect(within(total).queryByRole('button')).toBeNull();
  });

  it("switches to a site, then opens its Budget page; the current site's just opens", async () => {
    stubOverview(OVERVIEW);
    renderPage();
    const lake = await screen.findByTestId('budget-overview-row-site-b');
    fireEvent.click(within(lake).getByRole('button', { name: 'Open the budget of Lake View' }));
    await screen.findByTestId('budget-page-stand-in');
    expect(mocks.selectSite).toHaveBeenCalledWith('site-b', 'owner');

    cleanup();
    mocks.selectSite.mockReset();
    renderPage();
    const green = await screen.findByTestId('budget-overview-row-site-a');
    fireEvent.click(within(green).getByRole('button', { name: 'Open the budget of Green Valley' }));
    await screen.findByTestId('budget-page-stand-in');
    expect(mocks.selectSite).not.toHaveBeenCalled();
  });

  it('draws a card per site on a phone', async () => {
    stubWidth(false);
    stubOverview(OVERVIEW);
    renderPage();
    const lake = await screen.findByTestId('budget-overview-row-site-b');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(lake).getByText('Variance at completion')).toBeTruthy();
    expect(within(lake).getByText('Forecast at completion')).toBeTruthy();
    expect(screen.getByTestId('budget-overview-row-site-b-variance').className).toContain(
      'text-danger',
    );
    expect(within(lake).getByRole('button', { name: 'Open the budget of Lake View' })).toBeTruthy();
    expect(screen.getByTestId('budget-overview-total')).toBeTruthy();
  });

  it('says so when none of the sites has a budget line', async () => {
    stubOverview(EMPTY);
    renderPage();
    await screen.findByTestId('budget-overview-empty');
    expect(screen.getByText('None of your sites has a budget yet.')).toBeTruthy();
    expect(screen.queryByTestId('budget-overview-row-site-a')).toBeNull();
  });

  it('shows a failed load with Retry, and the rows once it answers', async () => {
    stubOverview('fail', OVERVIEW);
    renderPage();
    const failure = await screen.findByTestId('budget-overview-error');
    expect(failure.textContent).toContain('Could not load your sites’ budgets');
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('budget-overview-row-site-a');
  });
});
