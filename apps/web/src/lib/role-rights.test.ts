import { effectiveRules, permissionsFor } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './navigation';
import { allowedIn, permissionsIn } from './role-rights';

const navKeys = (role: 'supervisor' | 'accountant', settings = {}) =>
  NAV_ITEMS.filter((item) =>
    allowedIn(permissionsFor(role), effectiveRules(settings)[role], item.key, item.permission),
  ).map((item) => item.key);

describe('role settings on screen (issue 47)', () => {
  it('hide Accounts and Payments from a supervisor the business keeps from them', () => {
    expect(navKeys('supervisor')).toEqual(expect.arrayContaining(['accounts', 'payments']));
    const kept = navKeys('supervisor', { supervisor_balances: false, supervisor_payments: false });
    expect(kept).not.toContain('accounts');
    expect(kept).not.toContain('payments');
    expect(kept).toContain('vendors');
  });

  it('change nothing at the defaults', () => {
    for (const role of ['owner', 'supervisor', 'accountant'] as const) {
      for (const collection of ['payments', 'accounts', 'account_transactions', 'items']) {
        expect(
          permissionsIn(permissionsFor(role), effectiveRules()[role], collection),
          `${role} ${collection}`,
        ).toEqual(permissionsFor(role));
      }
    }
  });
});
