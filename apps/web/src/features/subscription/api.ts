/**
 * Writes of the Subscription page (API.md "Subscriptions"; owner only). Each answers the new
 * subscription state, which replaces the cached one at once. The reads (`useSubscription`,
 * `usePlans`) live in lib/subscription-api.ts because list pages need them too.
 */
import type {
  BillingDetails,
  BillingDetailsInput,
  CheckoutInput,
  CheckoutOrder,
  PlanInvoice,
  SubscribeResult,
  VerifyAnyInput,
} from '@siteledger/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../../lib/downloads';
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

/** POST …/subscription/subscribe → a Razorpay subscription that renews every cycle. */
export function useSubscribe() {
  const siteId = useSiteId();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, 'subscribe'],
    mutationFn: (input: CheckoutInput) =>
      api.post<SubscribeResult>(subscriptionPath(siteId, 'subscribe'), input),
  });
}

/** POST …/subscription/verify with Razorpay's answer (order or subscription) → the new state. */
export function useVerifyPayment() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, 'verify'],
    mutationFn: (input: VerifyAnyInput) =>
      api.post<SubscriptionState>(subscriptionPath(siteId, 'verify'), input),
    onSuccess: (state) => applySubscriptionState(queryClient, siteId, state, true),
  });
}

/** POST …/subscription/downgrade { plan }: to a free plan when the paid period ends. */
export function useDowngrade() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, 'downgrade'],
    mutationFn: (plan: string) =>
      api.post<SubscriptionState>(subscriptionPath(siteId, 'downgrade'), { plan }),
    onSuccess: (state) => applySubscriptionState(queryClient, siteId, state),
  });
}

/** DELETE …/subscription/downgrade: keep the paid plan (and its renewal). */
export function useUndoDowngrade() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, 'undo-downgrade'],
    mutationFn: () => api.delete<SubscriptionState>(subscriptionPath(siteId, 'downgrade')),
    onSuccess: (state) => applySubscriptionState(queryClient, siteId, state),
  });
}

/** PUT …/subscription/billing_details: the buyer printed on invoices issued from now on. */
export function useSaveBillingDetails() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, 'billing_details'],
    mutationFn: (input: BillingDetailsInput) =>
      apiRequest<BillingDetails>(subscriptionPath(siteId, 'billing_details'), {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (billing) =>
      queryClient.setQueryData<SubscriptionState>(queryKeys.subscription(siteId), (state) =>
        state ? { ...state, billing } : state,
      ),
  });
}

/** GET the invoice's `pdf_url` with the session: a tax invoice PDF named by its number. */
export function fetchInvoicePdf(
  invoice: Pick<PlanInvoice, 'number' | 'pdf_url'>,
): Promise<DownloadedFile> {
  return fetchDownload(invoice.pdf_url, {}, `${invoice.number.replace(/[/\\]/g, '-')}.pdf`);
}
