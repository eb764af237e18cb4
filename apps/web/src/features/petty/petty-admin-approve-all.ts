/**
 * "Approve all" on the approvals tab: every shown expense approved one after the other (each
 * its own POST, so one refusal does not stop the rest), then one summary: how many were approved,
 * how many were skipped because their bill's photo is still needed (the server would answer 409
 * PHOTO_REQUIRED: not worth asking), and, for each refused, the server's message.
 */
import { errorMessage } from '../../lib/api-client';

export interface ApprovalTarget {
  id: string;
  description: string;
  amount: number;
  /** Waits for its bill's photo: approve all leaves it. */
  photo_required?: boolean;
}

export type ApprovalOutcome =
  | { target: ApprovalTarget; ok: true }
  | { target: ApprovalTarget; ok: false; message: string }
  | { target: ApprovalTarget; ok: false; skipped: true };

export interface ApprovalSummary {
  approved: number;
  /** Left waiting for a bill photo, not sent. */
  skipped: number;
  refused: { id: string; description: string; amount: number; message: string }[];
}

/** The targets approve all sends: those not waiting for a bill photo. */
export const approvable = <T extends ApprovalTarget>(targets: readonly T[]): T[] =>
  targets.filter((target) => target.photo_required !== true);

/** What the run came to, in the order the expenses were shown. */
export function approvalSummary(outcomes: readonly ApprovalOutcome[]): ApprovalSummary {
  const refused: ApprovalSummary['refused'] = [];
  let approved = 0;
  let skipped = 0;
  for (const outcome of outcomes) {
    if (outcome.ok) approved += 1;
    else if ('skipped' in outcome) skipped += 1;
    else {
      const { id, description, amount } = outcome.target;
      refused.push({ id, description, amount, message: outcome.message });
    }
  }
  return { approved, skipped, refused };
}

/**
 * Approves each target in turn, skipping one that waits for its bill photo; a refusal is kept
 * with its message (the server's words, else the generic one) and the run goes on. `onProgress`
 * hears how many of the sent ones are done.
 */
export async function approveOneByOne(
  targets: readonly ApprovalTarget[],
  approve: (id: string) => Promise<unknown>,
  translate: (key: string) => string,
  onProgress?: (done: number) => void,
): Promise<ApprovalOutcome[]> {
  const outcomes: ApprovalOutcome[] = [];
  let done = 0;
  for (const target of targets) {
    if (target.photo_required === true) {
      outcomes.push({ target, ok: false, skipped: true });
      continue;
    }
    try {
      await approve(target.id);
      outcomes.push({ target, ok: true });
    } catch (error) {
      outcomes.push({ target, ok: false, message: errorMessage(error, translate) });
    }
    done += 1;
    onProgress?.(done);
  }
  return outcomes;
}
