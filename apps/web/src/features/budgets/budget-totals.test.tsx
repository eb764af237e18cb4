import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BudgetQuantity } from './budget-quantity';
import { BudgetTotals } from './budget-totals';

describe('budget totals and quantities', () => {
  afterEach(cleanup);

  it('shows the four figures and turns remaining into "Over budget" in red past the budget', () => {
    render(
      <BudgetTotals
        totals={{ budget: 100_000, committed: 30_000, actual: 90_000, remaining: -20_000 }}
      />,
    );
    expect(screen.getByTestId('budget-totals-budget').textContent).toBe('₹1,00,000.00');
    const remaining = screen.getByTestId('budget-totals-remaining');
    expect(remaining.textContent).toBe('₹20,000.00');
    expect(remaining.className).toContain('text-danger');
    expect(screen.getByText('Over budget')).toBeTruthy();
    expect(screen.getByTestId('budget-totals-bar').getAttribute('data-over')).toBe('true');
  });

  it('adds the forecast at completion under the bar, red above the budget, with its hint', () => {
    render(
      <BudgetTotals
        totals={{
          budget: 100_000,
          committed: 30_000,
          actual: 40_000,
          remaining: 30_000,
          forecast: 112_500.5,
        }}
      />,
    );
    const forecast = screen.getByTestId('budget-totals-forecast');
    expect(forecast.textContent).toBe('₹1,12,500.50');
    expect(forecast.className).toContain('text-danger');
    const label = screen.getByText('Forecast at completion');
    expect(label.getAttribute('title')).toBe(
      'What the site’s lines will cost once the work is done, from their progress so far',
    );
    expect(document.getElementById(label.getAttribute('aria-describedby') ?? '')).toBeTruthy();
    cleanup();
    render(
      <BudgetTotals
        totals={{ budget: 100, committed: 0, actual: 0, remaining: 100, forecast: 90 }}
      />,
    );
    expect(screen.getByTestId('budget-totals-forecast').className).not.toContain('text-danger');
    cleanup();
    // The report (the dashboard's card) has no forecast: no line for it.
    render(<BudgetTotals totals={{ budget: 100, committed: 0, actual: 0, remaining: 100 }} />);
    expect(screen.queryByTestId('budget-totals-forecast')).toBeNull();
  });

  it('badges a flagged material line with its consumption percent', () => {
    render(
      <BudgetQuantity
        view={{
          budget: 2000,
          ordered: 160,
          received: 1440,
          consumed: 680,
          on_order: 0,
          remaining: 560,
          consumption_variance: 80,
          consumption_percent: 113.3,
          flag: true,
        }}
      />,
    );
    const badge = screen.getByTestId('budget-line-consumption');
    expect(badge.textContent).toBe('113.3 % used');
    expect(badge.getAttribute('data-flag')).toBe('true');
    expect(screen.getByTestId('budget-qty-received').textContent).toBe('1,440');
  });
});
