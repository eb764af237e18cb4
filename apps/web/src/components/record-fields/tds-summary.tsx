/**
 * A credit's TDS (API.md "TDS"): the section, rate and amount taken, and what the bill owes —
 * total − TDS. Shown only when TDS was taken; the figures are the server's.
 */
import { formatInr, rupeesMinus, toPaise } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export interface TdsCredit {
  tds_section: string | null;
  tds_rate: number | null;
  tds_amount: number;
  total_amount: number;
}

/** What a credit owes its vendor: total − TDS (rupees). */
export const owedAfterTds = (credit: Pick<TdsCredit, 'tds_amount' | 'total_amount'>): number =>
  rupeesMinus(credit.total_amount, credit.tds_amount);

export function TdsSummary({
  credit,
  className,
  testId,
}: {
  credit: TdsCredit;
  className?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!(credit.tds_amount > 0)) return null;
  return (
    <dl className={cn('space-y-1.5 text-sm', className)} data-testid={testId}>
      <div className="flex items-baseline justify-between gap-4">
        <dt className="text-fg-muted">
          {t('kit.tds.taken', { section: credit.tds_section ?? '', rate: credit.tds_rate ?? 0 })}
        </dt>
        <dd className="tabular-nums text-fg" data-testid={`${testId}-amount`}>
          − {formatInr(toPaise(credit.tds_amount))}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 font-semibold">
        <dt className="text-fg">{t('kit.tds.owes')}</dt>
        <dd className="tabular-nums text-fg" data-testid={`${testId}-owes`}>
          {formatInr(toPaise(owedAfterTds(credit)))}
        </dd>
      </div>
    </dl>
  );
}
