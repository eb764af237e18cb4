/**
 * Vendor quotations for one item or service, cheapest first, with the best open price marked.
 * Strings: `<keyPrefix>.quotations.*`.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import type { Quotation } from '@siteledger/domain';
import { ArrowRight, FileText, RefreshCw, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { formatQuantity } from '../ui/quantity-field';
import { Skeleton } from '../ui/skeleton';
import { StatusBadge } from '../ui/status-badge';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import { formatIsoDate } from './dates';
import { CompactEmpty, SectionHeading } from './figure-card';

const OPEN = new Set(['pending', 'accepted']);

export function QuotationsCard({
  keyPrefix,
  quotations,
  total,
  unit,
  loading,
  error,
  onRetry,
  viewAllHref,
  testId,
}: {
  keyPrefix: string;
  quotations: Quotation[] | undefined;
  total: number | undefined;
  unit: string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  viewAllHref: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix });
  const { t: tRoot } = useTranslation();
  const best = quotations?.find((quotation) => OPEN.has(quotation.status));
  const more = (total ?? 0) > (quotations?.length ?? 0);

  return (
    <section aria-labelledby={`${testId}-heading`} data-testid={testId}>
      <SectionHeading
        id={`${testId}-heading`}
        title={t('quotations.title')}
        count={total}
        description={t('quotations.description')}
        actions={
          total ? (
            <Link
              to={viewAllHref}
              className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:text-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              {t('quotations.viewAll')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null
        }
      />
      <Card>
        {loading ? (
          <ul className="divide-y divide-border">
            {[0, 1].map((index) => (
              <li key={index} className="flex items-center justify-between gap-4 px-5 py-4">
                <div className="w-1/2 space-y-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
                <Skeleton className="h-5 w-24" />
              </li>
            ))}
          </ul>
        ) : error && !quotations ? (
          <div className="flex flex-col items-center gap-3 px-6 py-8 text-center" role="alert">
            <p className="text-sm text-fg-muted">{errorMessage(error, tRoot)}</p>
            <Button
              variant="secondary"
              onClick={onRetry}
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              {tRoot('common.retry')}
            </Button>
          </div>
        ) : !quotations?.length ? (
          <CompactEmpty
            icon={FileText}
            title={t('quotations.emptyTitle')}
            description={t('quotations.emptyDescription')}
          />
        ) : (
          <ul className="divide-y divide-border">
            {quotations.map((quotation) => {
              const vendorName = quotation.expand?.vendor?.name ?? '—';
              const isBest = quotation.id === best?.id;
              return (
                <li
                  key={quotation.id}
                  className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6"
                  data-testid={`quotation-${quotation.id}`}
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/vendors/${quotation.vendor}`}
                        className="truncate font-medium text-fg hover:text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
                      >
                        {vendorName}
                      </Link>
                      {isBest ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-soft-fg">
                          <Trophy className="size-3" aria-hidden="true" />
                          {t('quotations.best')}
                        </span>
                      ) : null}
                    </div>
                    <p className="mt-0.5 text-xs text-fg-muted">
                      {[
                        quotation.minimum_quantity !== null
                          ? t('quotations.minimum', {
                              quantity: formatQuantity(quotation.minimum_quantity, unit),
                            })
                          : null,
                        quotation.valid_until
                          ? t('quotations.validUntil', {
                              date: formatIsoDate(quotation.valid_until, i18n.language),
                            })
                          : t('quotations.noExpiry'),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <div className="flex items-center justify-between gap-3 sm:justify-end">
                    <StatusBadge kind="quotation" status={quotation.status} />
                    <p className="text-right tabular-nums">
                      <span className="text-base font-semibold text-fg">
                        {formatRupees(quotation.unit_price)}
                      </span>
                      <span className="text-sm text-fg-muted"> / {unit}</span>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {more ? (
        <p className="mt-2 text-xs text-fg-muted">
          {t('quotations.showing', { count: quotations?.length ?? 0, total })}
        </p>
      ) : null}
    </section>
  );
}
