import type { Imprest } from '@siteledger/domain';
import { useQueuedOf } from '../../components/queued-records';
import { useImprests } from '../../data/petty';
import { useSession } from '../../lib/session';
import { writableImprests } from './petty-expense-rights';
import { ownImprestsQuery } from './use-petty-holder';

/** Owners and accountants look after every holder's cash; anyone else sees his own. */
export const seesAllImprests = (role: string | null): boolean =>
  role === 'owner' || role === 'accountant';

/**
 * The imprests the signed-in person works with on this site: every one for owners and
 * accountants, his own for anyone else (`mine` is his own either way), and this phone's queued
 * petty expenses on the site (their amounts come off his cash in hand). `writable` are those he
 * may record on (his own; an owner's, all).
 */
export function usePettyImprests() {
  const { user, role } = useSession();
  const all = seesAllImprests(role);
  const userId = user?.id ?? '';
  const query = useImprests(all ? { perPage: 100 } : ownImprestsQuery(userId), {
    enabled: userId !== '',
  });
  const items: Imprest[] = query.data?.items ?? [];
  const mine = items.filter((imprest) => imprest.holder === userId);
  const queued = useQueuedOf('petty_expenses');
  const writable = writableImprests(items, userId, role);
  return { query, all, items, mine, writable, queued };
}
