import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkOrder } from '@siteledger/domain';
import { raPreview } from './ra-bill-form';
import { RaBillWaterfall } from './ra-bill-waterfall';

const order = {
  id: 'wo0000000000001',
  retention_percent: 5,
  advance_recovery_percent: 10,
  advance_paid: 100_000,
  advance_recovered: 56_000,
  gst_rate: 18,
  lines: [
    {
      id: 'wol000000000001',
      description: 'Brick masonry',
      unit: 'cum',
      quantity: 400,
      rate: 5600,
      amount: 2_240_000,
      billed_quantity: 100,
    },
  ],
} as WorkOrder;

/** The waterfall the supervisor sees while typing RA-2 (the preview the form draws it from). */
describe('RA bill waterfall', () => {
  afterEach(cleanup);

  it('shows each step, the deductions with a minus, and the net payable', () => {
    const preview = raPreview(
      { order, bill: null, tdsRate: 2, sameState: true },
      [{ cumulative_quantity: 150 }],
      false,
    );
    if (!preview.ok) throw new Error('preview refused');
    render(<RaBillWaterfall figures={preview.figures} retentionPercent={5} recoveryPercent={10} />);
    const text = (key: string) => screen.getByTestId(`ra-waterfall-${key}`).textContent;
    expect(text('gross')).toBe('₹2,80,000.00');
    expect(text('gst')).toBe('₹50,400.00');
    expect(text('retention')).toBe('− ₹14,000.00');
    // 10 % of the gross is ₹28,000; ₹44,000 of the advance is left to recover.
    expect(text('recovery')).toBe('− ₹28,000.00');
    expect(text('tds')).toBe('− ₹5,040.00');
    expect(text('net')).toBe('₹2,83,360.00');
    screen.getByText('TDS (estimate, 2 %)');
  });

  it('shows a step that takes nothing as ₹0.00, without a minus', () => {
    const preview = raPreview({ order, bill: null, tdsRate: 0, sameState: true }, [{}], false);
    if (!preview.ok) throw new Error('preview refused');
    render(<RaBillWaterfall figures={preview.figures} retentionPercent={5} recoveryPercent={10} />);
    expect(screen.getByTestId('ra-waterfall-tds').textContent).toBe('₹0.00');
    expect(screen.getByTestId('ra-waterfall-net').textContent).toBe('₹0.00');
  });
});
