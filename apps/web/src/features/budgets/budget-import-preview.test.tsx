import type { BudgetImportResult } from '@siteledger/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n';
import { BudgetImportSummary, BudgetImportTable } from './budget-import-preview';

const result: BudgetImportResult = {
  valid: 2,
  invalid: 1,
  total_budget: 1241000.18,
  rows: [
    {
      row: 3,
      head: 'material',
      name: 'Cement OPC 53',
      item: 'item-cement',
      item_name: 'Cement OPC 53',
      unit: 'bag',
      quantity: 1200,
      unit_rate: 385.5,
      amount: 462600,
      errors: [],
      warnings: [],
    },
    {
      row: 4,
      head: 'material',
      name: 'TMT Steel 12mm',
      item: 'item-steel',
      item_name: 'TMT Steel 12mm',
      unit: 'kg',
      quantity: 12500.5,
      unit_rate: 62.35,
      amount: 779406.18,
      errors: [],
      warnings: [
        {
          field: 'amount',
          code: 'amount_rounded',
          message: 'Amount differs',
          params: { amount: '₹7,79,406.00', expected: '₹7,79,406.18' },
        },
      ],
    },
    {
      row: 9,
      head: 'material',
      name: 'TMT Steel 8mm',
      item: 'item-8mm',
      item_name: 'TMT Steel 8mm',
      unit: 'MT',
      quantity: 2,
      unit_rate: 62000,
      amount: 124000,
      errors: [
        {
          field: 'unit',
          code: 'unit_mismatch',
          message: 'The file says MT but TMT Steel 8mm is counted in kg',
          params: { unit: 'MT', item: 'TMT Steel 8mm', item_unit: 'kg' },
        },
        { field: 'x', code: 'brand_new_code', message: 'A rule the app does not know yet' },
      ],
      warnings: [],
    },
  ],
};

describe('BOQ import preview', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('counts the lines to create and the rows skipped, with the total', () => {
    render(<BudgetImportSummary result={result} />);
    expect(screen.getByTestId('budget-import-valid').textContent).toBe('2 lines will be created');
    expect(screen.getByTestId('budget-import-invalid').textContent).toBe(
      '1 row has errors and will be skipped',
    );
    expect(screen.getByTestId('budget-import-counts').textContent).toContain(
      'Total budget ₹12,41,000.18',
    );
  });

  it('shows each row with its figures, errors in red and notes in amber', () => {
    render(<BudgetImportTable result={result} fileName="boq.csv" />);
    const cement = screen.getByTestId('budget-import-row-3');
    expect(cement.getAttribute('data-state')).toBe('ok');
    const cells = within(cement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '3',
      'Material',
      'Cement OPC 53Item: Cement OPC 53',
      'bag',
      '1,200',
      '₹385.50',
      '₹4,62,600.00',
    ]);
    const steel = screen.getByTestId('budget-import-row-4');
    expect(within(steel).getByText('12,500.5')).toBeTruthy();
    const note = within(steel).getByTestId('budget-import-warning');
    expect(note.className).toContain('text-warning-soft-fg');
    expect(note.textContent).toContain('₹7,79,406.18');

    const bad = screen.getByTestId('budget-import-row-9');
    expect(bad.getAttribute('data-state')).toBe('error');
    const errors = within(bad).getAllByTestId('budget-import-error');
    expect(errors[0]!.className).toContain('text-danger');
    expect(errors[0]!.textContent).toBe(
      'The file says MT but TMT Steel 8mm is counted in kg; quantities would not add up',
    );
    // A code the app has no words for shows the server's message.
    expect(errors[1]!.textContent).toBe('A rule the app does not know yet');
    expect(screen.getByRole('region', { name: 'Rows of boq.csv' })).toBeTruthy();
  });

  it('speaks Hindi', async () => {
    await ensureLanguage('hi');
    await i18n.changeLanguage('hi');
    render(
      <>
        <BudgetImportSummary result={result} />
        <BudgetImportTable result={result} fileName="boq.csv" />
      </>,
    );
    expect(screen.getByTestId('budget-import-valid').textContent).toBe('2 लाइनें बनाई जाएँगी');
    expect(screen.getAllByTestId('budget-import-error')[0]!.textContent).toContain(
      'kg में गिना जाता है',
    );
    expect(screen.getByText('मात्रा')).toBeTruthy();
  });
});
