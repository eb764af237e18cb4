/**
 * The signed-in person's own imprests on the current site (issue 46): a holder records "Spent"
 * all day, so the shell offers it beside the three record actions everywhere, and the dashboard
 * shows his cash in hand. Kept apart from use-petty-imprests so the shell loads only this and
 * the imprests' data hooks.
 */
import { permissionsFor, type Imprest } from '@siteledger/domain';
import { useImprests } from '../../data/petty';
import { useSession } from '../../lib/session';

/** GET …/imprests of one holder: the query the petty page, the form and the shell share. */
export const ownImprestsQuery = (userId: string) => ({ holder: userId, perPage: 50 });

const NONE: readonly Imprest[] = [];

export function useOwnImprests(): readonly Imprest[] {
  const { user, role } = useSession();
  const userId = user?.id ?? '';
  // The server shows imprests only to roles that see money; the rest hold none that they see.
  const query = useImprests(ownImprestsQuery(userId), {
    enabled: userId !== '' && permissionsFor(role).canViewFinancials,
  });
  // Another site's answer kept on screen while this site's loads says nothing about this one.
  if (query.isPlaceholderData || !query.data) return NONE;
  return query.data.items.filter((imprest) => imprest.holder === userId);
}

/** Whether the person holds petty cash on the current site. */
export function usePettyHolder(): boolean {
  return useOwnImprests().length > 0;
}
