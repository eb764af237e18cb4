import { describe, expect, it } from 'vitest';
import { isPaidPlan, planPrice, usageMeter, yearlySaving } from './usage';

describe('usageMeter', () => {
  it('has no bar for unlimited (-1) and disabled (0) caps', () => {
    expect(usageMeter(-1, 12)).toEqual({ percent: 0, level: 'unlimited' });
    expect(usageMeter(0, 0)).toEqual({ percent: 0, level: 'disabled' });
  });

  it('is ok below 80 % of the cap', () => {
    expect(usageMeter(5, 0)).toEqual({ percent: 0, level: 'ok' });
    expect(usageMeter(5, 3)).toEqual({ percent: 60, level: 'ok' });
    expect(usageMeter(10, 7)).toEqual({ percent: 70, level: 'ok' });
  });

  it('turns amber from 80 % of the cap', () => {
    expect(usageMeter(5, 4)).toEqual({ percent: 80, level: 'warning' });
    expect(usageMeter(3, 2)).toEqual({ percent: 67, level: 'ok' });
    expect(usageMeter(10, 9)).toEqual({ percent: 90, level: 'warning' });
  });

  it('is full (red) at the cap and stays at 100 % above it', () => {
    expect(usageMeter(1, 1)).toEqual({ percent: 100, level: 'full' });
    expect(usageMeter(5, 5)).toEqual({ percent: 100, level: 'full' });
    expect(usageMeter(5, 7)).toEqual({ percent: 100, level: 'full' });
  });

  it('treats a negative count as nothing used', () => {
    expect(usageMeter(5, -2)).toEqual({ percent: 0, level: 'ok' });
  });
});

describe('plan prices', () => {
  const basic = { price: 999, yearly_price: 9999 };
  const free = { price: 0, yearly_price: 0 };

  it('picks the price of the billing cycle', () => {
    expect(planPrice(basic, 'monthly')).toBe(999);
    expect(planPrice(basic, 'yearly')).toBe(9999);
  });

  it('computes the yearly saving in exact paise', () => {
    expect(yearlySaving(basic)).toBe(1989);
    expect(yearlySaving({ price: 99.99, yearly_price: 1000 })).toBe(199.88);
    expect(yearlySaving({ price: 100, yearly_price: 1300 })).toBe(0);
    expect(yearlySaving(free)).toBe(0);
  });

  it('knows the free plan is not paid for', () => {
    expect(isPaidPlan(free)).toBe(false);
    expect(isPaidPlan(basic)).toBe(true);
  });
});
