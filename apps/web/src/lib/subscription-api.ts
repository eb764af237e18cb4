/**
 * The current site's subscription (API.md "Subscriptions"): plan, usage this month, caps and the
 * read-only state. Shared, because every list page asks it whether adding is allowed.
 *
 *   const subscription = useSubscription();      subscription.data?.read_only · .limits_reached
 *   const limit = usePlanLimit('vendors');        { blocked, reason: 'limit'|'disabled'|'inactive'|null, limit, count }
 *
 * `keepSubscriptionFresh(queryClient)` (mounted once in app/providers.tsx) refetches it after a
 * write that changes a count (create or delete of a counted resource) and whenever a call is
 * refused for a plan reason.
 */
import type { Plan, PlanInvoice, PlanResource, SubscriptionState } from '@siteledger/domain';
import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, observeApiErrors } from './api-client';
import { planLimitFor, type PlanLimit } from './plan-limits';
import { queryKeys } from './query-keys';
import { useSession } from './session';

export type {
  BillingCycle,
  BillingDetails,
  BillingDetailsInput,
  BillingNotice,
  BillingNoticeKind,
  CheckoutOrder,
  DowngradeInput,
  Plan,
  PlanInvoice,
  PlanFeatures,
  PlanResource,
  SiteSubscription,
  SubscriptionState,
  SubscriptionStatus,
  SubscribeResult,
  Usage,
  VerifyInput,
  VerifySubscriptionInput,
} from '@siteledger/domain';
export { PLAN_RESOURCES } from '@siteledger/domain';
export type { LimitReason, PlanLimit } from './plan-limits';

/** Error codes by which the server refuses a write for a plan reason (API.md "Plan limits"). */
export const PLAN_ERROR_CODES: readonly string[] = [
  'LIMIT_EXCEEDED',
  'FEATURE_NOT_AVAILABLE',
  'SUBSCRIPTION_INACTIVE',
];

/** Mutations keyed with this first element write the subscription themselves (no refetch after). */
export const SUBSCRIPTION_MUTATION_KEY = 'subscription';

/** `/api/sites/{siteId}/subscription[/{action}]`. */
export function subscriptionPath(
  siteId: string,
  action?:
    | 'checkout'
    | 'subscribe'
    | 'verify'
    | 'cancel'
    | 'reactivate'
    | 'downgrade'
    | 'billing_details'
    | 'invoices',
): string {
  const base = `/api/sites/${encodeURIComponent(siteId)}/subscription`;
  return action ? `${base}/${action}` : base;
}

/** GET /api/sites/{siteId}/subscription for the current site (disabled without a site). */
export function useSubscription() {
  const siteId = useSession().siteId ?? '';
  return useQuery({
    queryKey: queryKeys.subscription(siteId),
    queryFn: ({ signal }) => api.get<SubscriptionState>(subscriptionPath(siteId), { signal }),
    enabled: Boolean(siteId),
    staleTime: 30_000,
  });
}

/**
 * GET …/subscription/invoices: every plan payment with its tax invoice, newest first (owners).
 * Cached under the subscription, so whatever refreshes the state refreshes the history too.
 */
export function useInvoices(enabled = true) {
  const siteId = useSession().siteId ?? '';
  return useQuery({
    queryKey: [...queryKeys.subscription(siteId), 'invoices'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ items: PlanInvoice[] }>(subscriptionPath(siteId, 'invoices'), {
          signal,
        })
      ).items,
    enabled: enabled && Boolean(siteId),
    staleTime: 30_000,
  });
}

/** GET /api/plans: the active plans, cheapest first. */
export function usePlans() {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: async ({ signal }) =>
      (await api.get<{ items: Plan[] }>('/api/plans', { signal })).items,
    staleTime: 5 * 60_000,
  });
}

/**
 * May the current site add one more of `resource`? Never blocked while the state is loading or
 * could not be read: then the server decides (and its refusal refreshes the state).
 */
export function usePlanLimit(resource: PlanResource): PlanLimit {
  const subscription = useSubscription();
  return planLimitFor(subscription.isError ? undefined : subscription.data, resource);
}

/** `['sites', siteId, 'subscription']` for any site. */
export function isSubscriptionKey(key: QueryKey): boolean {
  return key[0] === 'sites' && key[2] === 'subscription';
}

/** Refetches every cached subscription state (the current site's is the one on screen). */
export function refreshSubscription(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isSubscriptionKey(query.queryKey) });
}

/**
 * Keeps the usage counts and read-only state true: after every successful mutation that creates
 * or deletes a counted resource (its `meta.changesUsage`) and after any answer LIMIT_EXCEEDED / FEATURE_NOT_AVAILABLE /
 * SUBSCRIPTION_INACTIVE (the plan changed under us). Returns the function that stops it.
 */
export function keepSubscriptionFresh(queryClient: QueryClient): () => void {
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    // Only a write that moves a count (lib/write-effects.ts writeMeta); an edit changes none.
    if (event.mutation.meta?.changesUsage !== true) return;
    void refreshSubscription(queryClient);
  });
  const stopErrors = observeApiErrors((error) => {
    if (PLAN_ERROR_CODES.includes(error.code)) void refreshSubscription(queryClient);
  });
  return () => {
    stopMutations();
    stopErrors();
  };
}
