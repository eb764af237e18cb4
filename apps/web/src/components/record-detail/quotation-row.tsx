import type { Quotation } from '@siteledger/domain';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatQuantity } from '../ui/quantity-field';
import { StatusBadge } from '../ui/status-badge';
import { formatRupees } from '../../lib/format';
import { formatIsoDate } from './dates';

/** One vendor's quotation: vendor, best-price mark, minimum and validity, status and price. */
export function QuotationRow({
  keyPrefix,
  quotation,
  unit,
  isBest,
}: {
  keyPrefix: string;
  quotation: Quotation;
  unit: string;
  isBest: boolean;
}) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix });
  const vendorName = quotation.expand?.vendor?.name ?? '—';
  return (
    <li
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
}
