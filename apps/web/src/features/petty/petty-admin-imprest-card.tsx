/**
 * One imprest on the imprests tab: the holder and his level, the cash he should hold (below zero:
 * what the site owes him, in red), what waits for approval, what was approved since the last
 * replenishment (what replenishing pays) and when that was; Replenish and Statement.
 */
import type { Imprest } from '@siteledger/domain';
import { FileText, RefreshCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';

export function PettyImprestCard({
  imprest,
  canReplenish,
  onReplenish,
  onStatement,
}: {
  imprest: Imprest;
  canReplenish: boolean;
  onReplenish: () => void;
  onStatement: () => void;
}) {
  const { t, i18n } = useTranslation();
  const owed = imprest.balance < 0;
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  return (
    <li
      className="min-w-0 space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5"
      data-testid="petty-imprest"
      data-id={imprest.id}
    >
      <div className="min-w-0">
        <h3 className="break-words font-semibold text-fg" data-testid="petty-imprest-holder">
          {imprest.holder_name ?? t('pettyAdmin.unknownHolder')}
        </h3>
        <p className="text-sm text-fg-muted">
          {t('pettyAdmin.imprests.level', {
            amount: formatRupees(imprest.amount),
            date: date(imprest.issued_date),
          })}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label={owed ? t('pettyAdmin.imprests.owed') : t('pettyAdmin.imprests.inHand')}
          testId="petty-imprest-balance"
          className={owed ? 'text-danger' : undefined}
        >
          {formatRupees(Math.abs(imprest.balance))}
        </Figure>
        <Figure label={t('pettyAdmin.imprests.pending')} testId="petty-imprest-pending">
          {formatRupees(imprest.pending_spend)}
        </Figure>
        <Figure label={t('pettyAdmin.imprests.due')} testId="petty-imprest-due">
          {formatRupees(imprest.replenishment_due)}
        </Figure>
        <Figure label={t('pettyAdmin.imprests.lastReplenished')} testId="petty-imprest-last">
          {imprest.last_replenished
            ? date(imprest.last_replenished)
            : t('pettyAdmin.imprests.never')}
        </Figure>
      </dl>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button
          variant="secondary"
          size="lg"
          icon={<FileText className="size-4" aria-hidden="true" />}
          onClick={onStatement}
          className={canReplenish ? undefined : 'col-span-2'}
          data-testid="petty-imprest-statement"
        >
          {t('pettyAdmin.imprests.statement')}
        </Button>
        {canReplenish ? (
          <Button
            size="lg"
            icon={<RefreshCcw className="size-4" aria-hidden="true" />}
            onClick={onReplenish}
            data-testid="petty-imprest-replenish"
          >
            {t('pettyAdmin.imprests.replenish')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function Figure({
  label,
  testId,
  className,
  children,
}: {
  label: string;
  testId: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col justify-between rounded-xl bg-surface-muted/70 px-3 py-2.5">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd
        className={cn('truncate text-base font-semibold tabular-nums', className ?? 'text-fg')}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
