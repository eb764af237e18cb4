/**
 * Vendor quotations for one item or service, cheapest first, with the best open price marked.
 * Strings: `<keyPrefix>.quotations.*`.
 */
import type { Quotation } from '@siteledger/domain';
import { FileText, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { CompactEmpty, SectionHeading } from './figure-card';
import { QuotationRow } from './quotation-row';
import { ViewAllLink } from './view-all-link';

const OPEN = new Set(['pending', 'accepted']);

export function QuotationsCard({
  keyPrefix,
  query,
  unit,
  viewAllHref,
  testId,
}: {
  keyPrefix: string;
  /** The record's quotations query (a page of them, and how many there are). */
  query: {
    data?: { items: Quotation[]; totalItems: number } | undefined;
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  unit: string;
  viewAllHref: string;
  testId: string;
}) {
  const quotations = query.data?.items;
  const total = query.data?.totalItems;
  const { error, isPending: loading } = query;
  const onRetry = () => void query.refetch();
  const { t } = useTranslation(undefined, { keyPrefix });
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
          total ? <ViewAllLink to={viewAllHref}>{t('quotations.viewAll')}</ViewAllLink> : null
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
            {quotations.map((quotation) => (
              <QuotationRow
                key={quotation.id}
                keyPrefix={keyPrefix}
                quotation={quotation}
                unit={unit}
                isBest={quotation.id === best?.id}
              />
            ))}
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
