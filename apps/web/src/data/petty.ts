/**
 * Petty cash of the current site (issue 46, API.md "Petty cash"): imprests (a holder's cash on
 * the site, its balance computed by the server), their expenses (the supervisor's "Spent",
 * queued offline with its photos), the owner's approve/reject, replenishment, the per-head
 * totals and a holder's statement.
 */
import type {
  Imprest,
  ImprestCreate,
  ImprestReplenish,
  ImprestStatement,
  ImprestUpdate,
  PettyByHead,
  PettyExpense,
  PettyExpenseCreate,
  PettyExpenseUpdate,
  PettyReject,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { invalidateRecords, recordsPath, useSiteId, writeEffects } from '../lib/site-records';
import { defineCollection, queuedCreate } from './collection';
import { useSiteQuery } from './site-query';

export const IMPRESTS = 'imprests';
export const PETTY_EXPENSES = 'petty_expenses';

// An expense moves its imprest's balance; the server names that too, this is belt and braces.
const imprests = defineCollection<Imprest, ImprestCreate, ImprestUpdate>(IMPRESTS, {
  alsoInvalidate: [PETTY_EXPENSES],
});
const expenses = defineCollection<PettyExpense, PettyExpenseCreate, PettyExpenseUpdate>(
  PETTY_EXPENSES,
  { alsoInvalidate: [IMPRESTS] },
);

export const useImprests = imprests.useList;
export const useImprest = imprests.useOne;
export const useCreateImprest = imprests.useCreate;
export const useUpdateImprest = imprests.useUpdate;

export const usePettyExpenses = expenses.useList;
export const usePettyExpense = expenses.useOne;
export const useUpdatePettyExpense = expenses.useUpdate;
/** Owners, before the expense is replenished (the server refuses after). */
export const useDeletePettyExpense = expenses.useDelete;

/**
 * POST …/petty_expenses with an Idempotency-Key; without a connection it waits in the offline
 * queue (the registry's `offlineQueued`) with its photos (`beforeQueue: keepPhotos`).
 */
export const useCreatePettyExpense = queuedCreate<PettyExpense, PettyExpenseCreate>(PETTY_EXPENSES);

/** POST …/{collection}/{id}/{action}: refreshes the expenses and the imprests' balances. */
function usePettyAction<TVars extends { id: string }, TOut>(
  collection: string,
  action: string,
  body: (vars: TVars) => unknown,
) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars, write) =>
      api.post<TOut>(recordsPath(siteId, collection, vars.id, action), body(vars), { write }),
    onSuccess: (_answer, _vars, _context, write) =>
      invalidateRecords(
        queryClient,
        siteId,
        writeEffects(collection, [IMPRESTS, PETTY_EXPENSES]),
        write,
      ),
  });
}

/** Owners: a pending expense → approved (409 INVALID_STATUS, PHOTO_REQUIRED). */
export const useApprovePettyExpense = () =>
  usePettyAction<{ id: string }, PettyExpense>(PETTY_EXPENSES, 'approve', () => undefined);

/** Owners: a pending expense → rejected, with the reason the holder reads. */
export const useRejectPettyExpense = () =>
  usePettyAction<{ id: string } & PettyReject, PettyExpense>(
    PETTY_EXPENSES,
    'reject',
    ({ reason }) => ({ reason }),
  );

/** Owners and accountants: pay back what was approved since the last time (400 NOTHING_TO_PAY). */
export const useReplenishImprest = () =>
  usePettyAction<{ id: string } & ImprestReplenish, Imprest>(
    IMPRESTS,
    'replenish',
    ({ account, date }) => ({ account, date }),
  );

export interface PettyPeriod {
  from?: string | undefined;
  to?: string | undefined;
}

/** GET …/petty_expenses/by_head: approved and pending per cost head (rejected left out). */
export function usePettyByHead(query: PettyPeriod & { imprest?: string | undefined } = {}) {
  return useSiteQuery<PettyByHead>({
    key: [PETTY_EXPENSES, 'by_head', query.from ?? '', query.to ?? '', query.imprest ?? ''],
    path: [PETTY_EXPENSES, 'by_head'],
    query: { from: query.from, to: query.to, imprest: query.imprest },
    keepPrevious: true,
  });
}

/** GET …/imprests/{id}/statement: the holder's cash book over a period (`id` empty: off). */
export function useImprestStatement(id: string | null | undefined, period: PettyPeriod = {}) {
  return imprests.useSub<ImprestStatement>(id, 'statement', {
    query: { from: period.from, to: period.to },
    key: [period.from ?? '', period.to ?? ''],
  });
}
