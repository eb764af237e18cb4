import type { Dashboard } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { createDashboardMemo } from './memo.js';

const figures = (total: number) => ({ total_expenses: total }) as Dashboard;

describe('dashboard memo', () => {
  it('answers only for the version and the day it was computed under', () => {
    const memo = createDashboardMemo();
    memo.set('s1', { version: '0:1', today: '2026-11-24', value: figures(5) });
    expect(memo.get('s1', '0:1', '2026-11-24')?.total_expenses).toBe(5);
    expect(memo.get('s1', '0:2', '2026-11-24')).toBeUndefined();
    expect(memo.get('s1', '1:1', '2026-11-24')).toBeUndefined();
    expect(memo.get('s1', '0:1', '2026-11-25')).toBeUndefined();
    expect(memo.get('s2', '0:1', '2026-11-24')).toBeUndefined();
  });

  it('forgets the least recently read site first', () => {
    const memo = createDashboardMemo(2);
    const at = (version: string) => ({ version, today: 'd', value: figures(1) });
    memo.set('a', at('0'));
    memo.set('b', at('0'));
    memo.get('a', '0', 'd');
    memo.set('c', at('0'));
    expect(memo.get('b', '0', 'd')).toBeUndefined();
    expect(memo.get('a', '0', 'd')).toBeDefined();
    expect(memo.get('c', '0', 'd')).toBeDefined();
  });
});
