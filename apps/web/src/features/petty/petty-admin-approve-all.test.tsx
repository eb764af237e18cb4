import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { PettyApprovalSummary } from './petty-admin-approval-summary';
import {
  approvable,
  approvalSummary,
  approveOneByOne,
  type ApprovalTarget,
} from './petty-admin-approve-all';

const target = (
  id: string,
  amount: number,
  description = `Expense ${id}`,
  photoRequired?: boolean,
): ApprovalTarget => ({
  id,
  description,
  amount,
  ...(photoRequired === undefined ? {} : { photo_required: photoRequired }),
});

const translate = (key: string) => key;

describe('petty cash: approve all', () => {
  afterEach(cleanup);

  it('approves each in turn and keeps going past a refusal, with the server’s words', async () => {
    const asked: string[] = [];
    const approve = (id: string) => {
      asked.push(id);
      if (id === 'b') {
        return Promise.reject(
          new ApiError(
            409,
            'PHOTO_REQUIRED',
            'An expense above ₹5,000.00 needs a photo of its bill',
          ),
        );
      }
      if (id === 'c') return Promise.reject(new Error('network'));
      return Promise.resolve({});
    };
    const progress: number[] = [];
    const targets = [
      target('a', 2500),
      target('b', 6200, 'Cement bags'),
      target('c', 3000),
      target('d', 2100),
    ];
    const outcomes = await approveOneByOne(targets, approve, translate, (done) =>
      progress.push(done),
    );
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(approvalSummary(outcomes)).toEqual({
      approved: 2,
      skipped: 0,
      refused: [
        {
          id: 'b',
          description: 'Cement bags',
          amount: 6200,
          message: 'An expense above ₹5,000.00 needs a photo of its bill',
        },
        // Not the server's refusal (no connection): the generic message.
        { id: 'c', description: 'Expense c', amount: 3000, message: 'errors.generic' },
      ],
    });
  });

  it('says how many were approved and lists the refused with why', () => {
    render(
      <PettyApprovalSummary
        summary={{
          approved: 3,
          skipped: 0,
          refused: [
            { id: 'b', description: 'Cement bags', amount: 6200, message: 'Needs a photo' },
          ],
        }}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.getByTestId('petty-approve-all-approved').textContent).toBe(
      '3 expenses approved',
    );
    expect(screen.getByTestId('petty-approve-all-refused').textContent).toBe(
      'Cement bags · ₹6,200.00: Needs a photo',
    );
  });

  it('has no refused list when every one was approved', () => {
    const summary = approvalSummary([{ target: target('a', 100), ok: true }]);
    expect(summary).toEqual({ approved: 1, skipped: 0, refused: [] });
    render(<PettyApprovalSummary summary={summary} onDismiss={() => undefined} />);
    expect(screen.getByTestId('petty-approve-all-approved').textContent).toBe('1 expense approved');
    expect(screen.queryByTestId('petty-approve-all-refused')).toBeNull();
    expect(screen.queryByTestId('petty-approve-all-skipped')).toBeNull();
  });

  it('skips an expense waiting for its bill photo without asking the server, and counts it', async () => {
    const asked: string[] = [];
    const approve = (id: string) => {
      asked.push(id);
      return Promise.resolve({});
    };
    const progress: number[] = [];
    const targets = [
      target('a', 2500, 'Nails', false),
      target('b', 6200, 'Cement bags', true),
      target('c', 3000),
      target('d', 9000, 'Sand', true),
    ];
    expect(approvable(targets).map((one) => one.id)).toEqual(['a', 'c']);
    const outcomes = await approveOneByOne(targets, approve, translate, (done) =>
      progress.push(done),
    );
    expect(asked).toEqual(['a', 'c']);
    // Progress counts the sent ones only (the button says "Approving 2 of 2").
    expect(progress).toEqual([1, 2]);
    expect(approvalSummary(outcomes)).toEqual({ approved: 2, skipped: 2, refused: [] });
  });

  it('keeps only the target’s name and amount in a refusal, not the whole expense', async () => {
    const expense = { ...target('b', 6200, 'Cement bags', false), status: 'pending' };
    const outcomes = await approveOneByOne(
      [expense],
      () => Promise.reject(new ApiError(409, 'INVALID_STATUS', 'Already decided')),
      translate,
    );
    expect(approvalSummary(outcomes).refused).toEqual([
      { id: 'b', description: 'Cement bags', amount: 6200, message: 'Already decided' },
    ]);
  });

  it('says how many were left waiting for a bill photo', () => {
    render(
      <PettyApprovalSummary
        summary={{ approved: 1, skipped: 2, refused: [] }}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.getByTestId('petty-approve-all-approved').textContent).toBe('1 expense approved');
    expect(screen.getByTestId('petty-approve-all-skipped').textContent).toBe(
      '2 were left waiting for their bill photos.',
    );
    expect(screen.queryByTestId('petty-approve-all-refused')).toBeNull();
  });
});
