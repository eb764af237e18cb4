/**
 * The holder's cash in hand (issue 46), on the page and at the top of the Spent form: what the
 * server counts, less this phone's expenses still waiting for signal. Negative is money the site
 * owes him ("₹500.00 owed to you"). On the page it also offers his own statement.
 */
import { formatInr, toPaise, type Imprest } from '@siteledger/domain';
import { FileText, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import type { QueueEntry } from '../../lib/offline-queue';
import { cashInHandText, imprestFigures, type ImprestFigures } from './petty-balance';

/** "₹1,500.00", or "₹500.00 owed to you" below zero. */
export function CashAmount({ paise, owedKey }: { paise: number; owedKey: string }) {
  const { t } = useTranslation();
  const text = cashInHandText(paise, t, owedKey);
  return paise < 0 ? <span className="text-warning-soft-fg">{text}</span> : <span>{text}</span>;
}

function ImprestBalance({
  figures,
  compact,
  onStatement,
}: {
  figures: ImprestFigures;
  compact: boolean;
  onStatement: ((imprest: Imprest) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { imprest } = figures;
  const since = imprest.last_replenished ?? imprest.issued_date;
  return (
    <div className="min-w-0 space-y-1" data-testid={`petty-balance-${imprest.id}`}>
      <p className="text-xs text-fg-muted">
        {t('petty.balance.cashInHand')}{' '}
        <span className="whitespace-nowrap">
          · {t('petty.balance.level', { amount: formatInr(toPaise(imprest.amount)) })}
        </span>
      </p>
      <p
        className={cn('font-semibold tabular-nums text-fg', compact ? 'text-lg' : 'text-2xl')}
        data-testid="petty-balance-cash"
      >
        <CashAmount paise={figures.cash} owedKey="petty.balance.owedToYou" />
      </p>
      {figures.queued > 0 ? (
        <p className="text-xs font-medium text-info-soft-fg" data-testid="petty-balance-queued">
          {t('petty.balance.waitingForSignal', { amount: formatInr(figures.queued) })}
        </p>
      ) : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-fg-muted">
        <div className="flex gap-1">
          <dt>{t('petty.balance.approved')}</dt>
          <dd className="tabular-nums text-fg" data-testid="petty-balance-approved">
            {formatInr(figures.approved)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('petty.balance.pending')}</dt>
          <dd className="tabular-nums text-fg" data-testid="petty-balance-pending">
            {formatInr(figures.pending)}
          </dd>
        </div>
        <div>{t('petty.balance.since', { date: formatBusinessDate(since, i18n.language) })}</div>
      </dl>
      {onStatement ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          icon={<FileText className="size-4" aria-hidden="true" />}
          onClick={() => onStatement(imprest)}
          title={t('petty.balance.statementLabel')}
          data-testid="petty-balance-statement"
        >
          {t('petty.balance.statement')}
        </Button>
      ) : null}
    </div>
  );
}

/** The signed-in holder's imprest(s) on the site; nothing when he holds none. */
export function PettyBalanceCard({
  imprests,
  queued,
  compact = false,
  onStatement,
}: {
  imprests: readonly Imprest[];
  /** This phone's queue entries on the site (any collection; only petty expenses count). */
  queued: readonly QueueEntry[];
  /** Inside the Spent form: smaller. */
  compact?: boolean;
  /** On the page: the holder's own statement (PDF or Excel) of the imprest. */
  onStatement?: (imprest: Imprest) => void;
}) {
  if (imprests.length === 0) return null;
  return (
    <section
      className={cn(
        'flex items-start gap-3 rounded-2xl border border-border bg-surface',
        compact ? 'p-3' : 'mb-4 p-4 shadow-card',
      )}
      data-testid="petty-balance"
      data-tour="petty-balance"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
        <Wallet className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        {imprests.map((imprest) => (
          <ImprestBalance
            key={imprest.id}
            figures={imprestFigures(imprest, queued)}
            compact={compact}
            onStatement={onStatement}
          />
        ))}
      </div>
    </section>
  );
}
