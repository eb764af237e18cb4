/**
 * The RA bill's waterfall as the supervisor types: gross → GST → retention → advance recovery →
 * TDS (an estimate at the vendor's rate) → net payable. Paise from `raPreview`.
 */
import { formatInr, type RaBillFigures } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export function RaBillWaterfall({
  figures,
  retentionPercent,
  recoveryPercent,
}: {
  figures: RaBillFigures;
  retentionPercent: number;
  recoveryPercent: number;
}) {
  const { t } = useTranslation();
  const gst = figures.cgst_amount + figures.sgst_amount + figures.igst_amount;
  const rows: { key: string; label: string; value: number; minus?: boolean }[] = [
    { key: 'gross', label: t('workOrders.waterfall.gross'), value: figures.gross_amount },
    { key: 'gst', label: t('workOrders.waterfall.gst'), value: gst },
    {
      key: 'retention',
      label: t('workOrders.waterfall.retentionAt', { percent: retentionPercent }),
      value: figures.retention_amount,
      minus: true,
    },
    {
      key: 'recovery',
      label: t('workOrders.waterfall.recoveryAt', { percent: recoveryPercent }),
      value: figures.advance_recovery,
      minus: true,
    },
    {
      key: 'tds',
      label: t('workOrders.waterfall.tdsEstimate', { rate: figures.tds_rate }),
      value: figures.tds_amount,
      minus: true,
    },
  ];
  return (
    <section
      className="rounded-2xl border border-border bg-surface-muted/60 p-4"
      aria-labelledby="ra-waterfall-title"
      aria-live="polite"
      data-testid="ra-waterfall"
    >
      <h3 id="ra-waterfall-title" className="text-sm font-semibold text-fg">
        {t('workOrders.waterfall.title')}
      </h3>
      <dl className="mt-2 space-y-1.5 text-[15px]">
        {rows.map((row) => (
          <div key={row.key} className="flex items-baseline justify-between gap-3">
            <dt className="min-w-0 text-fg-muted">{row.label}</dt>
            <dd
              className={cn(
                'shrink-0 tabular-nums',
                row.minus && row.value > 0 ? 'text-danger' : 'text-fg',
              )}
              data-testid={`ra-waterfall-${row.key}`}
            >
              {row.minus && row.value > 0 ? `− ${formatInr(row.value)}` : formatInr(row.value)}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-3 border-t border-border pt-2 text-base font-semibold">
          <dt className="text-fg">{t('workOrders.waterfall.net')}</dt>
          <dd className="tabular-nums text-fg" data-testid="ra-waterfall-net">
            {formatInr(figures.net_payable)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-fg-muted">{t('workOrders.waterfall.tdsNote')}</p>
    </section>
  );
}
