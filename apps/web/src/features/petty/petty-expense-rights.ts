/**
 * Who writes a petty expense (docs/API.md "Who writes an expense"): its imprest's holder, or an
 * owner; anyone else — an accountant included — only reads it (the server answers 403
 * PERMISSION_DENIED, reason `not_holder`). The web edits no saved expense today, so the Spent
 * form's imprests are where the rule shows.
 */
import { isOwner, type Imprest } from '@siteledger/domain';

type Holding = Pick<Imprest, 'id' | 'holder'>;

/** The imprests this person may record an expense on: any for an owner, else his own. */
export function writableImprests<T extends Holding>(
  imprests: readonly T[],
  userId: string | null | undefined,
  role: string | null,
): T[] {
  if (isOwner(role)) return [...imprests];
  return userId ? imprests.filter((one) => one.holder === userId) : [];
}
