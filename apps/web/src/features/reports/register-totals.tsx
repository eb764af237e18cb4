/**
 * "Totals by rate": per GST rate, the taxable value and each tax head, then the grand total. A
 * table from 640 px; on phones one small block per rate.
 */
import type { RateTotals } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/ui/section-card';
import { useMediaQuery } from '../../components/ui/data-table';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { FiguresTable } from './figures-table';
import { rateText } from './register-columns';
import { AMOUNTS, grandTotals, HEADS, taxOf } from './register-figures';

const rateKey = (rate: number | null) => (rate === null ? 'none' : String(rate));
const negative = (value: number) => (value < 0 ? 'text-danger' : '');

export function RegisterTotals({ totals }: { totals: readonly RateTotals[] }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 640px)');
  const grand = grandTotals(totals);
  const rows = [
    ...totals.map((rate) => ({
      key: rateKey(rate.gst_rate),
      label: rateText(t, rate.gst_rate),
      figures: rate,
      total: false,
    })),
    { key: 'total', label: t('reports.register.total'), figures: grand, total: true },
  ];
  const label = (amount: (typeof AMOUNTS)[number]) => t(`reports.register.heads.${amount}`);

  return (
    <SectionCard
      testId="register-totals"
      title={t('reports.register.totalsTitle')}
      description={t('reports.register.totalsHint')}
    >
      {wide ? (
        <FiguresTable
          firstHeader={t('reports.register.columns.rate')}
          headers={[
            ...AMOUNTS.map((amount) => ({ key: amount, label: label(amount) })),
            { key: 'total_tax', label: t('reports.register.columns.totalTax') },
          ]}
        >
          {rows.map((row) => (
            <tr
              key={row.key}
              className={cn(
                'border-b border-border last:border-0',
                row.total && 'bg-surface-muted/60 font-semibold',
              )}
              data-testid={`register-totals-${row.key}`}
            >
              <th scope="row" className="px-3 py-2 text-left font-medium text-fg">
                {row.label}
              </th>
              {AMOUNTS.map((amount) => (
                <td
                  key={amount}
                  className={cn(
                    'whitespace-nowrap px-3 py-2 text-right tabular-nums text-fg',
                    negative(row.figures[amount]),
                  )}
                  data-testid={`register-totals-${row.key}-${amount}`}
                >
                  {formatRupees(row.figures[amount])}
                </td>
              ))}
              <td
                className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums text-fg"
                data-testid={`register-totals-${row.key}-tax`}
              >
                {formatRupees(taxOf(row.figures))}
              </td>
            </tr>
          ))}
        </FiguresTable>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border text-sm">
          {rows.map((row) => (
            <li
              key={row.key}
              className={cn('px-3 py-2.5', row.total && 'bg-surface-muted/60')}
              data-testid={`register-totals-${row.key}`}
            >
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold text-fg">{row.label}</span>
                <span
                  className={cn('tabular-nums text-fg', negative(row.figures.taxable_amount))}
                  data-testid={`register-totals-${row.key}-taxable_amount`}
                >
                  {t('reports.register.taxableOn', {
                    amount: formatRupees(row.figures.taxable_amount),
                  })}
                </span>
              </div>
              {HEADS.filter((head) => row.figures[head] !== 0).map((head) => (
                <div key={head} className="mt-1 flex items-baseline justify-between gap-3">
                  <span className="text-fg-muted">{label(head)}</span>
                  <span
                    className={cn('tabular-nums text-fg', negative(row.figures[head]))}
                    data-testid={`register-totals-${row.key}-${head}`}
                  >
                    {formatRupees(row.figures[head])}
                  </span>
                </div>
              ))}
              {HEADS.filter((head) => row.figures[head] !== 0).length > 1 ? (
                <div className="mt-1 flex items-baseline justify-between gap-3">
                  <span className="text-fg-muted">{t('reports.register.columns.totalTax')}</span>
                  <span
                    className="font-semibold tabular-nums text-fg"
                    data-testid={`register-totals-${row.key}-tax`}
                  >
                    {formatRupees(taxOf(row.figures))}
                  </span>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
