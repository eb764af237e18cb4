/**
 * A full budget line (issue 45): its forecast at completion, red once it passes the budget and
 * described by its hint, and its revisions naming who changed the budget (nothing when the
 * person is gone), in English and Hindi.
 */
import type { FullBudgetLine } from '@siteledger/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { BudgetLineRow } from './budget-line-row';

function line(overrides: Partial<FullBudgetLine> = {}): FullBudgetLine {
  return {
    id: 'l1',
    site: 's',
    head: 'material',
    name: 'Cement',
    view: 'full',
    item: null,
    quantity: null,
    unit_rate: null,
    amount: 950_000,
    original_amount: 900_000,
    percent_complete: 40,
    notes: null,
    committed: 76_000,
    actual: 684_000,
    remaining: 190_000,
    forecast: 1_710_000.5,
    quantity_view: null,
    revisions: [],
    created_by: null,
    created: '2026-11-01T00:00:00Z',
    updated: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

const revision = {
  old_quantity: null,
  new_quantity: null,
  changed_by: 'u1',
};

function renderLine(value: FullBudgetLine) {
  return render(
    <ul>
      <BudgetLineRow line={value} />
    </ul>,
  );
}

describe('a budget line', () => {
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  it('shows its forecast at completion, red above the budget, with the hint as description', () => {
    renderLine(line());
    const forecast = screen.getByTestId('budget-line-forecast');
    expect(forecast.textContent).toBe('Forecast at completion: ₹17,10,000.50');
    expect(forecast.getAttribute('data-over')).toBe('true');
    expect(within(forecast).getByText('₹17,10,000.50').className).toContain('text-danger');
    const hint = 'What the line will cost once the work is done, from its progress so far';
    expect(forecast.getAttribute('title')).toBe(hint);
    const described = document.getElementById(forecast.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(hint);

    cleanup();
    renderLine(line({ forecast: 900_000 }));
    const underBudget = screen.getByTestId('budget-line-forecast');
    expect(underBudget.getAttribute('data-over')).toBeNull();
    expect(within(underBudget).getByText('₹9,00,000.00').className).not.toContain('text-danger');
  });

  it('names who revised the budget, and nobody once the person is gone', async () => {
    renderLine(
      line({
        revisions: [
          {
            ...revision,
            id: 'r1',
            old_amount: 900_000,
            new_amount: 950_000,
            reason: 'Extra floor approved',
            changed_by_name: 'Asha Rao',
            created: '2026-11-02T10:00:00Z',
          },
          {
            ...revision,
            id: 'r2',
            old_amount: 950_000,
            new_amount: 950_000,
            reason: null,
            changed_by: null,
            changed_by_name: null,
            created: '2026-11-03T10:00:00Z',
          },
        ],
      }),
    );
    fireEvent.click(screen.getByText('Budget revisions (2)'));
    const metas = screen.getAllByTestId('budget-revision-meta');
    // Newest first: the second revision's author is gone.
    expect(metas[0]?.textContent).not.toContain('by');
    expect(metas[1]?.textContent).toContain(' · by Asha Rao');

    await changeLanguage('hi');
    await waitFor(() =>
      expect(screen.getAllByTestId('budget-revision-meta')[1]?.textContent).toContain(
        'Asha Rao द्वारा',
      ),
    );
    expect(screen.getByTestId('budget-line-forecast').textContent).toContain('पूरा होने पर अनुमान');
  });
});
