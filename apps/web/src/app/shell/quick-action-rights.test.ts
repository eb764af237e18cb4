import { effectiveRules, permissionsFor } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { permissionsIn } from '../../lib/role-rights';
import { quickActionsFor, quickActionTestId } from './quick-action-list';

describe('quick actions under role settings (issue 47)', () => {
  it('offer an accountant allowed to pay the Add payment action, and nothing else to create', () => {
    const rights = effectiveRules({ accountant_payments: true }).accountant;
    const ids = quickActionsFor('/payments', permissionsFor('accountant'), rights).map(
      quickActionTestId,
    );
    expect(ids).toEqual(['quick-action-payments']);
    expect(quickActionsFor('/payments', permissionsFor('accountant'))).toEqual([]);
    const can = permissionsIn(permissionsFor('accountant'), rights, 'payments');
    expect([can.canCreate, can.canUpdate, can.canDelete]).toEqual([true, true, false]);
    expect(permissionsIn(permissionsFor('accountant'), rights, 'vendors').canCreate).toBe(false);
  });
});
