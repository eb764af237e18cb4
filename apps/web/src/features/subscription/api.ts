/**
 * Writes of the Subscription page (API.md "Subscriptions"; owner only). Each answers the new
 * subscription state, which replaces the cached one at once. The reads (`useSubscription`,
 * `usePlans`) live in lib/subscription-api.ts because list pages need them too.
 */
import type { CheckoutInput, CheckoutOrder, VerifyInput } from '@siteledger/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSiteId } from '../../lib/site-records';
import {
  refreshSubscription,
  subscriptionPath,
  SUBSCRIPTION_MUTATION_KEY,
  type SubscriptionState,
} from '../../lib/subscription-api';

/** The new state on screen now; the plans and the site allowance (max_sites) follow the plan. */
export async function applySubscriptionState(
  queryClient: QueryClient,
  siteId: string,
  state: SubscriptionState,
  planChanged = false,
): Promise<void> {
  queryClient.setQueryData(queryKeys.subscription(siteId), state);
  if (!planChanged) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
    queryClient.invalidateQueries({ queryKey: queryKeys.siteAllowance }),
    refreshSubscription(queryClient),
  ]);
}

function useStateMutation(action: 'cancel' | 'reactivate') {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, action],
    mutationFn: () => api.post<SubscriptionState>(subscriptionPath(siteId, action)),
    onSuccess: (state) => applySubscriptionState(queryClient, siteId, state),
  });
}

/** POST …/subscription/cancel: stays usable until the period ends. */
export const useCancelSubscription = () => useStateMutation('cancel');

/** POST …/subscription/reactivate: offered only when `can_reactivate`. */
export const useReactivateSubscription = () => useStateMutation('reactivate');

/** POST …/subscription/checkout → a Razorpay order (amount in paise). */
export function useCheckoutOrder() {
  const siteId = useSiteId();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, 'checkout'],
    mutationFn: (input: CheckoutInput) =>
      api.post<CheckoutOrder>(subscriptionPath(siteId, 'checkout'), input),
  });
}

/** POST …/subscription/verify with Razorpay's answer → the upgraded state. */
export function useVerifyPayment() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, 'verify'],
    mutationFn: (input: VerifyInput) =>
      api.post<SubscriptionState>(subscriptionPath(siteId, 'verify'), input),
    onSuccess: (state) => applySubscriptionState(queryClient, siteId, state, true),
  });
}
