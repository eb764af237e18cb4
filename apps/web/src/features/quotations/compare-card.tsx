import { formatInr, toPaise, type Quotation } from '@siteledger/domain';
import { Award, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { formatDay, perUnit } from './quotation-format';
import { isLive } from './use-quotation-compare';

/** One vendor's quotation in the comparison: rank, price, distance from the best, terms. */
export function CompareCard({
  quotation: q,
  rank,
  unit,
  best,
  canUpdate,
  onEdit,
}: {
  quotation: Quotation;
  /** Place among the open quotations; null for expired or rejected ones. */
  rank: number | null;
  unit: string;
  best: number | null;
  canUpdate: boolean;
  onEdit: (quotation: Quotation) => void;
}) {
  const { t, i18n } = useTranslation();
  const live = isLive(q);
  const paise = toPaise(q.unit_price);
  const isBest = live && best !== null && paise === best;
  const above = live && best !== null && paise > best ? paise - best : 0;
  const vendor = q.expand?.vendor;
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-2xl border bg-surface shadow-card',
        isBest ? 'border-success ring-2 ring-success/20' : 'border-border',
        !live && 'bg-surface-muted/40',
      )}
      data-testid={`compare-card-${q.id}`}
      data-best={isBest || undefined}
    >
      {isBest ? (
        <p
          className="flex items-center gap-1.5 bg-success-soft px-5 py-2 text-xs font-semibold uppercase tracking-wide text-success-soft-fg"
          data-testid="compare-best"
        >
          <Award className="size-4" aria-hidden="true" />
          {t('quotations.compare.best')}
        </p>
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start gap-3">
          <span
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
              isBest
                ? 'bg-success text-white dark:text-slate-950'
                : 'bg-surface-muted text-fg-muted',
            )}
            aria-label={rank ? t('quotations.compare.rank', { rank }) : undefined}
          >
            {rank ?? '–'}
          </span>
          <div className="min-w-0 flex-1">
            {vendor ? (
              <Link
                to={`/vendors/${vendor.id}`}
                className={cn(
                  'line-clamp-2 font-semibold hover:text-primary hover:underline',
                  live ? 'text-fg' : 'text-fg-muted',
                )}
              >
                {vendor.name}
              </Link>
            ) : null}
            {vendor?.company_name ? (
              <p className="truncate text-xs text-fg-muted">{vendor.company_name}</p>
            ) : null}
          </div>
          <StatusBadge kind="quotation" status={q.status} className="shrink-0" />
        </div>

        <p className="mt-4 tabular-nums">
          <span
            className={cn(
              'text-2xl font-semibold tracking-tight',
              isBest ? 'text-success-soft-fg' : live ? 'text-fg' : 'text-fg-muted line-through',
            )}
          >
            {formatRupees(q.unit_price)}
          </span>
          <span className="text-sm text-fg-muted">{perUnit(unit)}</span>
        </p>
        <p className="mt-0.5 min-h-4 text-xs text-fg-muted">
          {above > 0
            ? t('quotations.compare.aboveBest', { amount: formatInr(above) })
            : !live
              ? t('quotations.compare.notCounted')
              : null}
        </p>

        <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-surface-muted/70 p-3 text-sm">
          <div className="min-w-0">
            <dt className="text-xs text-fg-muted">{t('quotations.fields.minQty')}</dt>
            <dd className="truncate tabular-nums text-fg">
              {q.minimum_quantity !== null
                ? formatQuantity(q.minimum_quantity, unit || undefined)
                : t('quotations.compare.noMinimum')}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-fg-muted">{t('quotations.fields.validUntil')}</dt>
            <dd className="truncate text-fg">
              {q.valid_until ? formatDay(q.valid_until, i18n.language) : t('quotations.noExpiry')}
            </dd>
          </div>
        </dl>
        {q.notes ? <p className="mt-3 line-clamp-2 text-sm text-fg-muted">{q.notes}</p> : null}

        {canUpdate ? (
          <div className="mt-auto flex justify-end pt-3">
            <Button
              variant="ghost"
              size="sm"
              className="-mr-2 h-10 md:h-8"
              icon={<Pencil className="size-4" aria-hidden="true" />}
              onClick={() => onEdit(q)}
              aria-label={t('quotations.editNamed', { name: vendor?.name ?? '' })}
            >
              {t('kit.actions.edit')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
