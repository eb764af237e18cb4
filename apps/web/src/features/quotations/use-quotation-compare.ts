import { toPaise, type Quotation, type QuotationType } from '@siteledger/domain';
import { useSearchParams } from 'react-router';
import { useComparedQuotations } from './api';
import { useQuotationTarget } from './quotation-choices';

/** Quotations that are still an offer: only these can be the best price. */
export const isLive = (q: Quotation) => q.status === 'pending' || q.status === 'accepted';

export function compareType(params: URLSearchParams): QuotationType {
  return params.get('compareType') === 'service' ? 'service' : 'item';
}

/** The compared target (from the URL), its quotations in display order and the price range. */
export function useQuotationCompare() {
  const [params, setParams] = useSearchParams();
  const type = compareType(params);
  const id = params.get('compare') ?? '';
  const quotations = useComparedQuotations(type, id);
  const { unit, name } = useQuotationTarget(type, id);

  const select = (nextType: QuotationType, nextId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('view', 'compare');
      if (nextId) next.set('compare', nextId);
      else next.delete('compare');
      if (nextType === 'service') next.set('compareType', 'service');
      else next.delete('compareType');
      return next;
    });

  // Cheapest first (the server's order), open quotations ahead of expired and rejected ones.
  const fetched = quotations.data?.items ?? [];
  const rows = [...fetched.filter(isLive), ...fetched.filter((q) => !isLive(q))];
  const liveCount = fetched.filter(isLive).length;
  const live = rows.filter(isLive).map((q) => toPaise(q.unit_price));
  const best = live.length ? Math.min(...live) : null;
  const highest = live.length ? Math.max(...live) : null;

  return { type, id, quotations, unit, name, select, rows, liveCount, best, highest };
}
