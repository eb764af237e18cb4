/**
 * "Expenses by head": petty cash spent in a month (this one unless another is picked), approved
 * and waiting per cost head, with the totals; rejected expenses are left out by the server. The
 * heads are named as the budget names them.
 */
import type { PettyByHead } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodPicker } from '../../components/period-picker';
import { FailureAlert } from '../../components/ui/failure-alert';
import { SectionCard } from '../../components/ui/section-card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePettyByHead } from '../../data/petty';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { monthOf, type Period } from '../../lib/month-period';
import { todayIso } from '../../lib/today';

const ROW = 'grid grid-cols-2 gap-x-3 gap-y-0.5 py-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]';

export function PettyReportByHead() {
  const today = todayIso();
  const [period, setPeriod] = useState<Period>(() => monthOf(today));
  const report = usePettyByHead(period);
  return (
    <SectionCard
      texts="pettyAdmin.byHead"
      testId="petty-by-head"
      bodyClassName={cn('space-y-4', report.isPlaceholderData && 'opacity-60')}
    >
      <PeriodPicker
        period={period}
        onChange={setPeriod}
        today={today}
        testId="petty-by-head-period"
      />
      <FailureAlert failed={report} testId="petty-by-head-error" />
      {report.isPending ? <Skeleton className="h-32 w-full rounded-xl" /> : null}
      {report.data ? <HeadRows report={report.data} /> : null}
    </SectionCard>
  );
}

function HeadRows({ report }: { report: PettyByHead }) {
  const { t } = useTranslation();
  if (report.items.length === 0) {
    return (
      <p className="py-4 text-sm text-fg-muted" data-testid="petty-by-head-empty">
        {t('pettyAdmin.byHead.empty')}
      </p>
    );
  }
  return (
    <div className="divide-y divide-border" data-testid="petty-by-head-rows">
      <div
        className={cn(ROW, 'hidden text-xs font-medium text-fg-muted sm:grid')}
        aria-hidden="true"
      >
        <span>{t('pettyAdmin.byHead.head')}</span>
        <span className="text-right">{t('pettyAdmin.byHead.approved')}</span>
        <span className="text-right">{t('pettyAdmin.byHead.pending')}</span>
      </div>
      {report.items.map((row) => (
        <HeadRow
          key={row.head}
          name={t(`budgets.heads.${row.head}`)}
          figures={row}
          testId={`petty-by-head-${row.head}`}
        />
      ))}
      <HeadRow
        name={t('pettyAdmin.byHead.total')}
        figures={report.totals}
        total
        testId="petty-by-head-total"
      />
    </div>
  );
}

function HeadRow({
  name,
  figures,
  total = false,
  testId,
}: {
  name: string;
  figures: PettyByHead['totals'];
  total?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn(ROW, total && 'font-semibold')} data-testid={testId}>
      <span className="col-span-2 min-w-0 text-sm text-fg sm:col-span-1">
        {name}
        <span className="ml-2 text-xs font-normal text-fg-subtle">
          {t('pettyAdmin.byHead.count', { count: figures.count })}
        </span>
      </span>
      <Amount label={t('pettyAdmin.byHead.approved')} testId={`${testId}-approved`}>
        {formatRupees(figures.approved_amount)}
      </Amount>
      <Amount label={t('pettyAdmin.byHead.pending')} testId={`${testId}-pending`}>
        {formatRupees(figures.pending_amount)}
      </Amount>
    </div>
  );
}

/** A figure with its label above it on phones (the header row names the column from 640 px). */
function Amount({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <span className="min-w-0 sm:text-right">
      <span className="block text-xs font-normal text-fg-muted sm:sr-only">{label}</span>
      <span className="block truncate text-sm tabular-nums text-fg" data-testid={testId}>
        {children}
      </span>
    </span>
  );
}
