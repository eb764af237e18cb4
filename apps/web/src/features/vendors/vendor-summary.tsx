import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Vendor } from '@siteledger/domain';
import { BadgeIndianRupee, CircleDollarSign, Hourglass, ReceiptText } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';

type Tone = 'blue' | 'emerald' | 'amber' | 'violet';

const tones: Record<Tone, string> = {
  blue: 'bg-blue-500/12 text-blue-600 dark:text-blue-300',
  emerald: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-300',
  amber: 'bg-amber-500/14 text-amber-700 dark:text-amber-300',
  violet: 'bg-violet-500/12 text-violet-600 dark:text-violet-300',
};

function SummaryCard({
  label,
  value,
  caption,
  icon: Icon,
  tone,
  highlight = false,
  loading,
  testId,
  extra,
}: {
  label: string;
  value: number | undefined;
  caption: string;
  icon: LucideIcon;
  tone: Tone;
  highlight?: boolean;
  loading: boolean;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <article
      data-testid={testId}
      data-highlight={highlight || undefined}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border bg-surface p-4 shadow-card sm:p-5',
        highlight ? 'border-amber-500/45 bg-warning-soft/60' : 'border-border',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-xs font-medium text-fg-muted sm:text-sm">{label}</h3>
        <span
          className={cn(
            'hidden size-9 shrink-0 items-center justify-center rounded-xl sm:flex',
            tones[tone],
          )}
        >
          <Icon className="size-[18px]" aria-hidden="true" />
        </span>
      </div>
      {loading || value === undefined ? (
        <Skeleton className="mt-2 h-7 w-28" />
      ) : (
        <p
          className={cn(
            'mt-1 truncate text-lg font-semibold tracking-tight tabular-nums sm:mt-2 sm:text-2xl',
            highlight ? 'text-warning-soft-fg' : 'text-fg',
          )}
          data-testid={`${testId}-value`}
        >
          {formatRupees(value)}
        </p>
      )}
      <p className="mt-1 text-xs leading-snug text-fg-subtle">{caption}</p>
      {extra}
    </article>
  );
}

/**
 * The vendor's advance under the outstanding figure, and — for people who may edit payments,
 * while something is owed — "Apply advance", which opens the oldest payment holding it on the
 * payments page (`?apply_advance=1`) to set it against the dues without paying again.
 */
function AdvanceNote({ vendor, canApply }: { vendor: Vendor; canApply: boolean }) {
  const { t } = useTranslation();
  if (vendor.advance <= 0) return null;
  return (
    <div className="mt-2 space-y-1 border-t border-border pt-2 text-xs">
      <p className="font-medium text-success-soft-fg" data-testid="vendor-summary-advance">
        {t('advance.label', { amount: formatRupees(vendor.advance) })}
      </p>
      {canApply && vendor.outstanding > 0 ? (
        <Link
          to={`/payments?apply_advance=1&vendor=${vendor.id}`}
          className="font-semibold text-primary hover:underline"
          title={t('advance.applyHint', { amount: formatRupees(vendor.advance) })}
          data-testid="vendor-apply-advance"
        >
          {t('advance.apply')}
        </Link>
      ) : null}
    </div>
  );
}

/** Total billed, total paid, outstanding and credit balance as cards (server figures). */
export function VendorSummary({
  vendor,
  canApplyAdvance = false,
}: {
  vendor: Vendor | undefined;
  canApplyAdvance?: boolean;
}) {
  const { t } = useTranslation();
  const loading = !vendor;
  return (
    <section
      aria-label={t('vendors.detail.summary')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      data-testid="vendor-summary"
    >
      <SummaryCard
        label={t('vendors.fields.totalBilled')}
        value={vendor?.total_billed}
        caption={t('vendors.detail.captions.billed')}
        icon={ReceiptText}
        tone="blue"
        loading={loading}
        testId="vendor-summary-billed"
      />
      <SummaryCard
        label={t('vendors.fields.totalPaid')}
        value={vendor?.total_paid}
        caption={t('vendors.detail.captions.paid')}
        icon={BadgeIndianRupee}
        tone="emerald"
        loading={loading}
        testId="vendor-summary-paid"
      />
      <SummaryCard
        label={t('vendors.fields.outstanding')}
        value={vendor?.outstanding}
        caption={
          vendor && vendor.outstanding > 0
            ? t('vendors.detail.captions.owed')
            : t('vendors.detail.captions.settled')
        }
        icon={Hourglass}
        tone="amber"
        highlight={Boolean(vendor && vendor.outstanding > 0)}
        loading={loading}
        testId="vendor-summary-outstanding"
        extra={vendor ? <AdvanceNote vendor={vendor} canApply={canApplyAdvance} /> : null}
      />
      <SummaryCard
        label={t('vendors.fields.creditBalance')}
        value={vendor?.credit_balance}
        caption={t('vendors.detail.captions.credit')}
        icon={CircleDollarSign}
        tone="violet"
        loading={loading}
        testId="vendor-summary-credit"
      />
    </section>
  );
}
