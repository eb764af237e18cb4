import type { StockCountResult } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatRupees } from '../../lib/format';
import { signedQuantity } from './count-form';
import { AdjustmentStatusBadge, signedClass } from './stock-labels';

/** What a saved count did: each adjustment, and which wait for an owner's approval. */
export function CountResults({
  result,
  onAgain,
}: {
  result: StockCountResult;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const pending = result.adjustments.filter((adjustment) => adjustment.status === 'pending');
  return (
    <Card data-testid="count-results">
      <CardHeader>
        <CardTitle>{t('stock.count.savedTitle', { count: result.adjustments.length })}</CardTitle>
        <p className="mt-1 text-sm text-fg-muted" data-testid="count-results-pending">
          {pending.length > 0
            ? t('stock.count.pendingNote', { count: pending.length })
            : t('stock.count.allApplied')}
        </p>
      </CardHeader>
      <CardBody className="space-y-4">
        <ul className="divide-y divide-border">
          {result.adjustments.map((adjustment) => (
            <li
              key={adjustment.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2.5"
              data-testid={`count-result-${adjustment.item}`}
            >
              <span className="min-w-0 font-medium text-fg">{adjustment.item_name}</span>
              <span className="flex items-center gap-3 text-sm">
                <span className={signedClass(adjustment.difference)}>
                  {signedQuantity(adjustment.difference, adjustment.unit)}
                </span>
                <span className={signedClass(adjustment.value)}>
                  {formatRupees(adjustment.value)}
                </span>
                <AdjustmentStatusBadge status={adjustment.status} />
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/stock/counts" className={buttonClasses('primary', 'md')}>
            {t('stock.count.toCounts')}
          </Link>
          <Button variant="secondary" onClick={onAgain} data-testid="count-again">
            {t('stock.count.again')}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
