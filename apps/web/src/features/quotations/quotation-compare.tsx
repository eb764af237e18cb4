import {
  formatInr,
  toPaise,
  type Permissions,
  type Quotation,
  type QuotationType,
} from '@siteledger/domain';
import { Award, Pencil, Plus, Scale, TrendingDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { formatQuantity } from '../../components/ui/quantity-field';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { useComparedQuotations } from './api';
import { useQuotationChoices } from './quotation-choices';
import type { QuotationDefaults } from './quotation-form-dialog';
import { formatDay, perUnit } from './quotation-format';
import { SearchSelect } from './search-select';
import { TypeToggle } from './type-toggle';

/** Quotations that are still an offer: only these can be the best price. */
const isLive = (q: Quotation) => q.status === 'pending' || q.status === 'accepted';

export function compareType(params: URLSearchParams): QuotationType {
  return params.get('compareType') === 'service' ? 'service' : 'item';
}

interface CompareProps {
  can: Permissions;
  onAdd: (defaults: QuotationDefaults) => void;
  onEdit: (quotation: Quotation) => void;
}

/** One item's (or service's) quotations side by side, cheapest first, best live price marked. */
export function QuotationCompare({ can, onAdd, onEdit }: CompareProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = compareType(params);
  const id = params.get('compare') ?? '';
  const choices = useQuotationChoices();
  const quotations = useComparedQuotations(type, id);
  const unit = choices.unitOf(type, id);
  const name = choices.nameOf(id);

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

  return (
    <div className="space-y-5" data-testid="quotation-compare">
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-4 md:flex-row md:items-end">
          <div className="space-y-1.5 md:w-56">
            <p className="text-sm font-medium text-fg">{t('quotations.compare.compareFor')}</p>
            <TypeToggle
              value={type}
              onChange={(next) => select(next, '')}
              label={t('quotations.compare.compareFor')}
              testId="compare-type"
            />
          </div>
          <SearchSelect
            key={type}
            label={t(`quotations.types.${type}`)}
            value={id}
            onChange={(next) => select(type, next)}
            options={type === 'item' ? choices.itemOptions : choices.serviceOptions}
            loading={type === 'item' ? choices.itemsLoading : choices.servicesLoading}
            placeholder={t(`quotations.picker.choose.${type}`)}
            searchPlaceholder={t(`quotations.picker.searchTargets.${type}`)}
            emptyText={t(`quotations.picker.noTargets.${type}`)}
            className="min-w-0 flex-1"
            testId="compare-target"
          />
          {id && can.canCreate ? (
            <Button
              variant="secondary"
              className="h-11 md:h-10"
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => onAdd({ quotation_type: type, [type]: id })}
              data-testid="compare-add"
            >
              {t('quotations.compare.addQuote')}
            </Button>
          ) : null}
        </div>
      </Card>

      {!id ? (
        <Card>
          <EmptyState
            icon={<Scale />}
            title={t('quotations.compare.pickTitle')}
            description={t('quotations.compare.pickDescription')}
            testId="compare-pick"
          />
        </Card>
      ) : quotations.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-56 rounded-2xl" />
          ))}
        </div>
      ) : quotations.isError ? (
        <Card>
          <EmptyState
            title={t('kit.table.loadFailed')}
            description={errorMessage(quotations.error, t)}
            action={
              <Button variant="secondary" onClick={() => void quotations.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Scale />}
            title={t('quotations.compare.noneTitle', { name })}
            description={t('quotations.compare.noneDescription')}
            action={
              can.canCreate ? (
                <Button
                  icon={<Plus className="size-4" aria-hidden="true" />}
                  onClick={() => onAdd({ quotation_type: type, [type]: id })}
                >
                  {t('quotations.add')}
                </Button>
              ) : null
            }
            testId="compare-empty"
          />
        </Card>
      ) : (
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
                canUpdate={can.canUpdate}
                onEdit={onEdit}
              />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function CompareCard({
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
