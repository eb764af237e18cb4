/**
 * /stock/counts/new — a physical count: the site's items with what the books say is on hand; the
 * person types what they counted for some of them, a date and a reason, sees the differences and
 * their value, and saves them as adjustments (one POST …/stock_counts). The result says which
 * adjustments wait for an owner (a supervisor's count above the site's threshold).
 */
import { permissionsFor, type StockCountResult } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { Navigate } from 'react-router';
import { todayIso } from '../../components/ui/date-field';
import { useSession } from '../../lib/session';
import { CountResults } from './count-results';
import { CountSheet } from './count-sheet';

export function StockCountPage() {
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const [result, setResult] = useState<StockCountResult | null>(null);
  const [round, setRound] = useState(0);
  const back = { to: '/stock/counts', label: t('stock.count.back') };
  if (!can.canCreate) return <Navigate to="/stock/counts" replace />;
  return (
    <PageFrame testId="page-stock-count" texts="pages.stockCount" back={back}>
      {result ? (
        <CountResults
          result={result}
          onAgain={() => {
            setResult(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <CountSheet key={round} today={todayIso()} onSaved={setResult} />
      )}
    </PageFrame>
  );
}
