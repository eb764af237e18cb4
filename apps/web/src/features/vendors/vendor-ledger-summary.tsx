import type { StatusFigures, VendorLedger as Ledger } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';

function Figure({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  testId: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd
        className={cn(
          'truncate tabular-nums text-fg',
          strong ? 'text-lg font-semibold' : 'font-medium',
        )}
      >
        {formatRupees(value)}
      </dd>
    </div>
  );
}

function Breakdown({ title, rows }: { title: string; rows: [string, StatusFigures][] }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{title}</h3>
      <ul className="space-y-1.5">
        {rows.map(([status, f]) => (
          <li
            key={status}
            className="flex items-center justify-between gap-2 text-sm"
            data-testid={`ledger-breakdown-${title}-${status}`}
          >
            <span className="flex items-center gap-2">
              <StatusBadge kind="payment" status={status} />
              <span className="whitespace-nowrap text-fg-muted">
                {t('vendorLedger.count', { count: f.count })}
              </span>
            </span>
            <span className="whitespace-nowrap tabular-nums text-fg">
              {f.due > 0
                ? t('vendorLedger.due', { amount: formatRupees(f.due) })
                : formatRupees(f.total_amount)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The ledger's figures and its payment status breakdown for deliveries and bookings. */
export function VendorLedgerSummary({
  summary: s,
  breakdown: b,
}: {
  summary: Ledger['summary'];
  breakdown: Ledger['status_breakdown'];
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-card">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure
          label={t('vendorLedger.ledgerBalance')}
          value={s.ledger_balance}
          strong
          testId="ledger-balance"
        />
        <Figure
          label={t('vendorLedger.outstanding')}
          value={s.outstanding}
          strong
          testId="ledger-outstanding"
        />
        <Figure label={t('vendorLedger.billed')} value={s.total_billed} testId="ledger-billed" />
        <Figure label={t('vendorLedger.paid')} value={s.total_paid} testId="ledger-paid" />
        <Figure
          label={t('vendorLedger.creditBalance')}
          value={s.credit_balance}
          testId="ledger-credit"
        />
      </dl>
      <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2 sm:gap-8">
        <Breakdown
          title={t('vendorLedger.deliveries')}
          rows={[
            ['pending', b.deliveries.pending],
            ['partial', b.deliveries.partial],
            ['paid', b.deliveries.paid],
          ]}
        />
        <Breakdown
          title={t('vendorLedger.bookings')}
          rows={[
            ['pending', b.service_bookings.pending],
            ['partial', b.service_bookings.partial],
            ['currently_paid_up', b.service_bookings.currently_paid_up],
            ['paid', b.service_bookings.paid],
          ]}
        />
      </div>
    </div>
  );
}
