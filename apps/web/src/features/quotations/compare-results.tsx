import { formatInr, type Quotation } from '@siteledger/domain';
import { TrendingDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CompareCard } from './compare-card';

/** The compared quotations as ranked cards, with how much the best price saves per unit. */
export function CompareResults({
  name,
  unit,
  rows,
  liveCount,
  best,
  highest,
  canUpdate,
  onEdit,
}: {
  name: string;
  unit: string;
  rows: Quotation[];
  liveCount: number;
  best: number | null;
  highest: number | null;
  canUpdate: boolean;
  onEdit: (quotation: Quotation) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('quotations.compare.results', { name })} className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-fg">{name}</h2>
          <p className="text-sm text-fg-muted">
            {t('quotations.compare.count', { count: rows.length })}
            {unit ? ` · ${t('quotations.compare.pricesPer', { unit })}` : ''}
          </p>
        </div>
        {best !== null && highest !== null && highest > best ? (
          <p
            className="inline-flex items-center gap-1.5 self-start rounded-full bg-success-soft px-3 py-1 text-sm font-medium text-success-soft-fg sm:self-auto"
            data-testid="compare-savings"
          >
            <TrendingDown className="size-4" aria-hidden="true" />
            {t('quotations.compare.savings', {
              amount: formatInr(highest - best),
              unit: unit || t('quotations.compare.unit'),
            })}
          </p>
        ) : null}
      </div>
      {best === null ? (
        <p className="rounded-xl border border-border bg-surface-muted px-4 py-3 text-sm text-fg-muted">
          {t('quotations.compare.noneLive')}
        </p>
      ) : null}
      <ol className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="compare-results">
        {rows.map((q, index) => (
          <CompareCard
            key={q.id}
            quotation={q}
            rank={index < liveCount ? index + 1 : null}
            unit={unit}
            best={best}
            canUpdate={canUpdate}
            onEdit={onEdit}
          />
        ))}
      </ol>
    </section>
  );
}
