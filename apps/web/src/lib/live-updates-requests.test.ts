import { describe, expect, it } from 'vitest';
import { concernsViewer, materialRequestNotice, type RecordEvent } from './live-updates';

const event = (patch: Partial<RecordEvent>): RecordEvent => ({
  collection: 'material_requests',
  action: 'update',
  id: 'r1',
  user: 'u2',
  ...patch,
});
const owner = { id: 'u1', owner: true };
const requester = { id: 'u3', owner: false };

describe('material request notices', () => {
  it('tells owners of a request someone else submitted', () => {
    const submitted = { status: 'submitted', requested_by: 'u2' };
    expect(materialRequestNotice(event({ step: 'submit' }), owner, submitted)).toBe(
      'live.notify.materialRequestSubmitted',
    );
    expect(materialRequestNotice(event({ action: 'create' }), owner, submitted)).toBe(
      'live.notify.materialRequestSubmitted',
    );
    expect(
      materialRequestNotice(event({ action: 'create' }), owner, { ...submitted, status: 'draft' }),
    ).toBeNull();
    expect(concernsViewer(event({ step: 'submit' }), requester)).toBe(false);
    expect(concernsViewer(event({ step: 'submit', user: 'u1' }), owner)).toBe(false);
  });

  it('tells the requester when their request is approved or rejected', () => {
    const mine = { status: 'approved', requested_by: 'u3' };
    expect(materialRequestNotice(event({ step: 'approve' }), requester, mine)).toBe(
      'live.notify.materialRequestApproved',
    );
    expect(materialRequestNotice(event({ step: 'reject' }), requester, mine)).toBe(
      'live.notify.materialRequestRejected',
    );
    expect(
      materialRequestNotice(event({ step: 'approve' }), requester, { ...mine, requested_by: 'u9' }),
    ).toBeNull();
    expect(materialRequestNotice(event({ step: 'approve' }), requester, null)).toBeNull();
    expect(concernsViewer(event({ collection: 'purchase_orders', step: 'approve' }), owner)).toBe(
      false,
    );
  });
});
