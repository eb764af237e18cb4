import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { owedAfterTds, TdsSummary } from './tds-summary';

/** A delivery's or booking's TDS on its page: section, rate and amount, and what it owes. */
describe('TDS on a credit', () => {
  afterEach(cleanup);

  it('shows the TDS taken and what the bill owes after it', () => {
    const credit = {
      tds_section: '194C',
      tds_rate: 1,
      tds_amount: 1460.05,
      total_amount: 73_002.5,
    };
    expect(owedAfterTds(credit)).toBe(71_542.45);
    render(<TdsSummary credit={credit} testId="tds" />);
    screen.getByText('TDS § 194C at 1 %');
    expect(screen.getByTestId('tds-amount').textContent).toBe('− ₹1,460.05');
    expect(screen.getByTestId('tds-owes').textContent).toBe('₹71,542.45');
  });

  it('shows nothing when no TDS was taken', () => {
    const { container } = render(
      <TdsSummary
        credit={{ tds_section: '194C', tds_rate: 1, tds_amount: 0, total_amount: 20_000 }}
        testId="tds"
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
