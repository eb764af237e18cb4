import type { SiteSpend } from '@siteledger/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n';
import { DashboardSiteSpend } from './dashboard-site-spend';

const toDate: SiteSpend = {
  materials_and_services: 4470.45,
  subcontract: 3557.7,
  labour: 125_000,
  petty_cash: 1734.81,
  total: 134_762.96,
};
const month: SiteSpend = {
  materials_and_services: 3770.2,
  subcontract: 3557.7,
  labour: 0,
  petty_cash: 1234.56,
  total: 8562.46,
};

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('dashboard site spend card', () => {
  afterEach(cleanup);

  it('shows the total to date and each kind with this month beside it', () => {
    render(<DashboardSiteSpend toDate={toDate} month={month} />);
    expect(screen.getByRole('heading', { name: 'Site spend' })).toBeTruthy();
    expect(text('dashboard-site-spend-total')).toBe('₹1,34,762.96');
    expect(text('dashboard-site-spend-month')).toBe('This month ₹8,562.46');
    const rows = [
      ['materials-and-services', 'Materials and services', '₹4,470.45', '₹3,770.20'],
      ['subcontract', 'Subcontractors (RA bills)', '₹3,557.70', '₹3,557.70'],
      ['labour', 'Labour (wage sheets)', '₹1,25,000.00', '₹0.00'],
      ['petty-cash', 'Petty cash', '₹1,734.81', '₹1,234.56'],
    ];
    for (const [id, label, total, inMonth] of rows) {
      const row = screen.getByTestId(`dashboard-site-spend-${id}`);
      expect(within(row).getByRole('rowheader').textContent).toBe(label);
      expect(text(`dashboard-site-spend-${id}-total`)).toBe(total);
      expect(text(`dashboard-site-spend-${id}-month`)).toBe(inMonth);
    }
    // The rows in the order of the API's kinds, under "To date" and "This month".
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(
      rows.map((row) => row[1]),
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Spent on',
      'To date',
      'This month',
    ]);
  });

  it('is not shown while the answer carries no spend by kind', () => {
    const { container } = render(<DashboardSiteSpend toDate={undefined} month={month} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByTestId('dashboard-site-spend')).toBeNull();
  });

  it('reads in Hindi', async () => {
    await ensureLanguage('hi');
    await i18n.changeLanguage('hi');
    try {
      render(<DashboardSiteSpend toDate={toDate} month={month} />);
      expect(screen.getByRole('heading', { name: 'साइट का खर्च' })).toBeTruthy();
      expect(text('dashboard-site-spend-month')).toBe('इस महीने ₹8,562.46');
      expect(
        within(screen.getByTestId('dashboard-site-spend-subcontract')).getByRole('rowheader')
          .textContent,
      ).toBe('ठेकेदार (RA बिल)');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
