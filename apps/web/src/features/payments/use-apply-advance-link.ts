import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { dropParams } from '../../lib/use-url-opener';
import { payableKey } from './allocation';
import { usePayables } from './api';

/** The payment whose advance goes onto the dues, and the delivery/booking to settle first. */
export interface AdvanceTarget {
  paymentId: string;
  prefer: string | null;
}

const LINK_PARAMS = ['apply_advance', 'vendor', 'delivery', 'booking'];

/** `d:<id>` / `b:<id>` of the record named by the link, if any. */
export function preferredOf(params: URLSearchParams): string | null {
  const delivery = params.get('delivery');
  const booking = params.get('booking');
  if (delivery) return payableKey('delivery', delivery);
  return booking ? payableKey('booking', booking) : null;
}

/**
 * `/payments?apply_advance=1&vendor=<id>[&delivery=<id>|&booking=<id>]` (linked from other
 * screens): opens the edit of the vendor's oldest payment with an unallocated remainder, or says
 * there is no advance; then clears the parameters.
 */
export function useApplyAdvanceLink(allowed: boolean, open: (target: AdvanceTarget) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('apply_advance') === '1';
  const vendor = wanted ? (params.get('vendor') ?? '') : '';
  const payables = usePayables(vendor);
  // Decided on a fresh answer, not on what the cache holds (maybe restored from the saved data,
  // lib/query-persist.ts, from before the advance was paid): stale dues would say "no advance".
  const waiting = Boolean(vendor) && (payables.isPending || payables.isFetching);

  useEffect(() => {
    if (!wanted || waiting) return;
    const oldest = payables.data?.advances[0];
    if (!allowed) toast.error(t('payments.advance.notAllowed'));
    else if (payables.isError) toast.error(errorMessage(payables.error, t));
    else if (oldest) open({ paymentId: oldest.payment, prefer: preferredOf(params) });
    else toast.info(t('payments.advance.none'));
    dropParams(setParams, LINK_PARAMS);
    // Once per link: the parameters are cleared right away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, waiting]);
}
