/**
 * "Tax by rate": per GST rate, the taxable value and CGST / SGST or IGST, with the bill's totals
 * (paise). A table from 640 px; on phones one small block per rate. Only the heads the bill uses
 * get a column (CGST + SGST within a state, IGST across states).
 */
import { formatInr } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../ui/data-table';
import { formatGstRate, type RateRow } from './gst-figures';

type Head = 'cgst' | 'sgst' | 'igst';

/** The heads to show: those with tax, else the ones the split would use. */
function headsShown(rows: readonly RateRow[], sameState: boolean | null): Head[] {
  const used = (head: Head) => rows.some((row) => row[head] !== 0);
  const intra = used('cgst') || used('sgst') || (sameState === true && !used('igst'));
  const inter = used('igst') || (sameState === false && !intra);
  if (!intra && !inter) return ['cgst', 'sgst', 'igst'];
  return [...(intra ? (['cgst', 'sgst'] as const) : []), ...(inter ? (['igst'] as const) : [])];
}

export function TaxByRate({
  rows,
  totals,
  sameState = null,
  className,
  testId,
}: {
  rows: readonly RateRow[];
  totals: RateRow;
  /** The split the bill uses when no tax shows it yet (null: unknown). */
  sameState?: boolean | null;
  className?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 640px)');
  if (rows.length === 0) return null;
  const heads = headsShown(rows, sameState);
  const headLabel = (head: Head) => t(`gst.heads.${head}`);
  const rateLabel = (row: RateRow) =>
    row.rate === null ? t('gst.noGst') : formatGstRate(t, row.rate);
  const key = (row: RateRow) => (row.rate === null ? 'none' : String(row.rate));

  if (!wide) {
    return (
      <div className={cn('space-y-2 text-sm', className)} data-testid={testId}>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">
          {t('gst.taxByRate')}
        </h4>
        <ul className="divide-y divide-border rounded-xl border border-border">
          {rows.map((row) => (
            <li key={key(row)} className="px-3 py-2.5" data-testid={`${testId}-${key(row)}`}>
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold text-fg">{rateLabel(row)}</span>
                <span
                  className="tabular-nums text-fg"
                  data-testid={`${testId}-${key(row)}-taxable`}
                >
                  {t('gst.taxableOn', { amount: formatInr(row.taxable) })}
                </span>
              </div>
              {row.rate === null
                ? null
                : heads.map((head) => (
                    <div key={head} className="mt-1 flex items-baseline justify-between gap-3">
                      <span className="text-fg-muted">{headLabel(head)}</span>
                      <span
                        className="tabular-nums text-fg"
                        data-testid={`${testId}-${key(row)}-${head}`}
                      >
                        {formatInr(row[head])}
                      </span>
                    </div>
                  ))}
            </li>
          ))}
          <li className="bg-surface-muted/60 px-3 py-2.5" data-testid={`${testId}-total`}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-fg">{t('gst.total')}</span>
              <span className="tabular-nums text-fg" data-testid={`${testId}-total-taxable`}>
                {t('gst.taxableOn', { amount: formatInr(totals.taxable) })}
              </span>
            </div>
            {heads.map((head) => (
              <div key={head} className="mt-1 flex items-baseline justify-between gap-3">
                <span className="text-fg-muted">{headLabel(head)}</span>
                <span
                  className="font-semibold tabular-nums text-fg"
                  data-testid={`${testId}-total-${head}`}
                >
                  {formatInr(totals[head])}
                </span>
              </div>
            ))}
          </li>
        </ul>
      </div>
    );
  }

  const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
  const headCell = 'h-9 px-3 text-xs font-semibold uppercase tracking-wide text-fg-muted';
  return (
    <div className={cn('space-y-2', className)}>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">
        {t('gst.taxByRate')}
      </h4>
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full border-collapse text-sm" data-testid={testId}>
          <thead>
            <tr className="border-b border-border bg-surface-muted/60">
              <th scope="col" className={`${headCell} text-left`}>
                {t('gst.rate')}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t('gst.taxable')}
              </th>
              {heads.map((head) => (
                <th key={head} scope="col" className={`${headCell} text-right`}>
                  {headLabel(head)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={key(row)}
                className="border-b border-border"
                data-testid={`${testId}-${key(row)}`}
              >
                <th scope="row" className="px-3 py-2 text-left font-medium text-fg">
                  {rateLabel(row)}
                </th>
                <td className={`${cell} text-fg`} data-testid={`${testId}-${key(row)}-taxable`}>
                  {formatInr(row.taxable)}
                </td>
                {heads.map((head) => (
                  <td
                    key={head}
                    className={`${cell} text-fg`}
                    data-testid={`${testId}-${key(row)}-${head}`}
                  >
                    {row.rate === null ? '—' : formatInr(row[head])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="bg-surface-muted/60 font-semibold" data-testid={`${testId}-total`}>
              <th scope="row" className="px-3 py-2 text-left text-fg">
                {t('gst.total')}
              </th>
              <td className={`${cell} text-fg`} data-testid={`${testId}-total-taxable`}>
                {formatInr(totals.taxable)}
              </td>
              {heads.map((head) => (
                <td
                  key={head}
                  className={`${cell} text-fg`}
                  data-testid={`${testId}-total-${head}`}
                >
                  {formatInr(totals[head])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
