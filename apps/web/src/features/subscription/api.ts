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

/** A write to the site's subscription under its mutation key (the page shows what is pending). */
function useSubscriptionWrite<TIn = void, TOut = unknown>(
  key: string,
  send: (siteId: string, input: TIn) => Promise<TOut>,
  onAnswer?: (answer: TOut, siteId: string, queryClient: QueryClient) => unknown,
) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [SUBSCRIPTION_MUTATION_KEY, key],
    mutationFn: (input: TIn) => send(siteId, input),
    onSuccess: onAnswer && ((answer: TOut) => onAnswer(answer, siteId, queryClient)),
  });
}

/** A write that answers the new subscription state, which replaces the cached one at once. */
const useStateWrite = <TIn = void>(
  key: string,
  send: (siteId: string, input: TIn) => Promise<SubscriptionState>,
  planChanged = false,
) =>
  useSubscriptionWrite(key, send, (state, siteId, queryClient) =>
    applySubscriptionState(queryClient, siteId, state, planChanged),
  );

/** POST …/subscription/cancel: stays usable until the period ends. */
export const useCancelSubscription = () =>
  useStateWrite('cancel', (siteId) =>
    api.post<SubscriptionState>(subscriptionPath(siteId, 'cancel')),
  );

/** POST …/subscription/reactivate: offered only when `can_reactivate`. */
export const useReactivateSubscription = () =>
  useStateWrite('reactivate', (siteId) =>
    api.post<SubscriptionState>(subscriptionPath(siteId, 'reactivate')),
  );

/** POST …/subscription/checkout → a Razorpay order (amount in paise). */
export const useCheckoutOrder = () =>
  useSubscriptionWrite('checkout', (siteId, input: CheckoutInput) =>
    api.post<CheckoutOrder>(subscriptionPath(siteId, 'checkout'), input),
  );

/** POST …/subscription/subscribe → a Razorpay subscription that renews every cycle. */
export const useSubscribe = () =>
  useSubscriptionWrite('subscribe', (siteId, input: CheckoutInput) =>
    api.post<SubscribeResult>(subscriptionPath(siteId, 'subscribe'), input),
  );

/** POST …/subscription/verify with Razorpay's answer (order or subscription) → the new state. */
export const useVerifyPayment = () =>
  useStateWrite(
    'verify',
    (siteId, input: VerifyAnyInput) =>
      api.post<SubscriptionState>(subscriptionPath(siteId, 'verify'), input),
    true,
  );

/** POST …/subscription/downgrade { plan }: to a free plan when the paid period ends. */
export const useDowngrade = () =>
  useStateWrite('downgrade', (siteId, plan: string) =>
    api.post<SubscriptionState>(subscriptionPath(siteId, 'downgrade'), { plan }),
  );

/** DELETE …/subscription/downgrade: keep the paid plan (and its renewal). */
export const useUndoDowngrade = () =>
  useStateWrite('undo-downgrade', (siteId) =>
    api.delete<SubscriptionState>(subscriptionPath(siteId, 'downgrade')),
  );

/** PUT …/subscription/billing_details: the buyer printed on invoices issued from now on. */
export const useSaveBillingDetails = () =>
  useSubscriptionWrite(
    'billing_details',
    (siteId, input: BillingDetailsInput) =>
      apiRequest<BillingDetails>(subscriptionPath(siteId, 'billing_details'), {
        method: 'PUT',
        body: input,
      }),
    (billing, siteId, queryClient) =>
      queryClient.setQueryData<SubscriptionState>(queryKeys.subscription(siteId), (state) =>
        state ? { ...state, billing } : state,
      ),
  );

/** GET the invoice's `pdf_url` with the session: a tax invoice PDF named by its number. */
export function fetchInvoicePdf(
  invoice: Pick<PlanInvoice, 'number' | 'pdf_url'>,
): Promise<DownloadedFile> {
  return fetchDownload(invoice.pdf_url, {}, `${invoice.number.replace(/[/\\]/g, '-')}.pdf`);
}
