import type { WageSheet, WageSheetLine } from '@siteledger/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WageSheetLines } from './wage-sheet-lines';

const line = (
  worker: string,
  name: string,
  figures: Omit<WageSheetLine, 'id' | 'worker' | 'name' | 'trade' | 'normal_hours'>,
): WageSheetLine => ({
  id: `l-${worker}`,
  worker,
  name,
  trade: 'Mason',
  normal_hours: 8,
  ...figures,
});

// Ramesh: 6 days at ₹800 and 4 h OT at 2× (₹800 ÷ 8 × 2 × 4 = ₹800), ₹1,000 advance.
// Suresh: 5.5 days at ₹600, no OT, no advance.
const lines = [
  line('w1', 'Ramesh', {
    daily_wage: 800,
    man_days: 6,
    ot_hours: 4,
    wages: 4800,
    ot_amount: 800,
    gross: 5600,
    advances: 1000,
    net: 4600,
  }),
  line('w2', 'Suresh', {
    daily_wage: 600,
    man_days: 5.5,
    ot_hours: 0,
    wages: 3300,
    ot_amount: 0,
    gross: 3300,
    advances: 0,
    net: 3300,
  }),
];
const totals = {
  man_days: 11.5,
  ot_hours: 4,
  wages: 8100,
  ot_amount: 800,
  gross: 8900,
  advances: 1000,
  net: 7900,
};
const sheet = { id: 'ws1', number: 'WS-1', lines, totals, ...totals } as unknown as WageSheet;

describe('wage sheet lines', () => {
  afterEach(cleanup);

  it('ends the table with the sheet’s totals, the advances with a minus', () => {
    render(<WageSheetLines sheet={sheet} slips={{ busy: null, download: () => undefined }} />);
    const total = (key: string) => screen.getByTestId(`ws-total-${key}`).textContent;
    expect(total('manDays')).toBe('11.5');
    expect(total('otHours')).toBe('4');
    expect(total('wages')).toBe('₹8,100.00');
    expect(total('otAmount')).toBe('₹800.00');
    expect(total('gross')).toBe('₹8,900.00');
    expect(total('advances')).toBe('− ₹1,000.00');
    expect(total('net')).toBe('₹7,900.00');
    const ramesh = within(screen.getByTestId('ws-line-w1'));
    ramesh.getByText('Ramesh');
    ramesh.getByText('₹4,600.00');
    // No OT and no advance: ₹0.00 each, without a minus.
    const suresh = screen.getByTestId('ws-line-w2');
    expect(within(suresh).getAllByText('₹0.00')).toHaveLength(2);
    expect(suresh.textContent).not.toContain('−');
  });

  it('draws a card per worker and one of the totals for phones', () => {
    render(<WageSheetLines sheet={sheet} slips={{ busy: null, download: () => undefined }} />);
    within(screen.getByTestId('ws-line-card-w2')).getByText('Mason · ₹600.00 a day');
    expect(screen.getByTestId('ws-totals-card-net').textContent).toBe('₹7,900.00');
  });

  it('downloads one worker’s slip from its line', () => {
    const download = vi.fn();
    render(<WageSheetLines sheet={sheet} slips={{ busy: null, download }} />);
    fireEvent.click(within(screen.getByTestId('ws-line-w1')).getByTestId('ws-slip-w1'));
    expect(download).toHaveBeenCalledWith('w1');
  });
});
