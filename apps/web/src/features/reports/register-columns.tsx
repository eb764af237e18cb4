import type { PurchaseRegisterRow } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import type { DataTableColumn } from '../../components/ui/data-table';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { HEADS, taxOf, type Head } from './register-figures';

/** "18 %", or "No GST" for lines recorded without a rate. */
export function rateText(t: TFunction, rate: number | null): string {
  return rate === null ? t('reports.register.noRate') : t('reports.register.rate', { rate });
}

/** A return reverses its delivery's tax: its figures are negative and drawn in red. */
const returnTone = (row: PurchaseRegisterRow) => (row.kind === 'return' ? 'text-danger' : '');

/** A tax head of 0 reads as a dash, so the figures that matter stand out. */
const headText = (value: number) => (value === 0 ? '—' : formatRupees(value));

export function KindBadge({ kind }: { kind: PurchaseRegisterRow['kind'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      tone={kind === 'delivery' ? 'neutral' : kind === 'booking' ? 'info' : 'warning'}
      className="whitespace-nowrap"
    >
      {t(`reports.register.kinds.${kind}`)}
    </Badge>
  );
}

/** The register table's columns and its card for narrow screens. */
export function useRegisterColumns(withOtherTax: boolean) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // Built once per language: a new set each render would redraw every row.
  return useMemo(() => registerColumns(t, language, withOtherTax), [t, language, withOtherTax]);
}

function registerColumns(t: TFunction, language: string, withOtherTax: boolean) {
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, language) : '');
  const headColumn = (head: Head): DataTableColumn<PurchaseRegisterRow> => ({
    key: head,
    header: t(`reports.register.heads.${head}`),
    align: 'right',
    cell: (row) => (
      <span className={row[head] === 0 ? 'text-fg-subtle' : returnTone(row)}>
        {headText(row[head])}
      </span>
    ),
  });

  /** The row's taxable value or invoice value, in medium weight. */
  const amountColumn = (
    key: 'taxable_amount' | 'invoice_value',
    header: string,
  ): DataTableColumn<PurchaseRegisterRow> => ({
    key,
    header,
    align: 'right',
    cell: (row) => (
      <span className={cn('font-medium', returnTone(row))}>{formatRupees(row[key])}</span>
    ),
  });

  const columns: DataTableColumn<PurchaseRegisterRow>[] = [
    {
      key: 'date',
      header: t('reports.register.columns.date'),
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span className="whitespace-nowrap">{date(row.date)}</span>
          <KindBadge kind={row.kind} />
          {row.reverse_charge ? (
            <Badge tone="warning" className="whitespace-nowrap">
              {t('gst.reverseCharge.badge')}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'vendor',
      header: t('reports.register.columns.vendor'),
      cell: (row) => (
        <span className="block min-w-32 max-w-56">
          <span className="block truncate font-medium">{row.vendor}</span>
          <span className="block font-mono text-xs text-fg-muted">
            {row.vendor_gstin ?? t('reports.register.noGstin')}
          </span>
        </span>
      ),
    },
    {
      key: 'invoice',
      header: t('reports.register.columns.invoice'),
      cell: (row) =>
        row.supplier_invoice_number || row.supplier_invoice_date ? (
          <span className="block whitespace-nowrap">
            <span className="block">{row.supplier_invoice_number ?? '—'}</span>
            <span className="block text-xs text-fg-muted">{date(row.supplier_invoice_date)}</span>
          </span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'rate',
      header: t('reports.register.columns.rate'),
      align: 'right',
      cell: (row) => rateText(t, row.gst_rate),
    },
    amountColumn('taxable_amount', t('reports.register.columns.taxable')),
    // "Other tax" is the single figure of bills recorded before GST lines: shown only when the
    // period has one, so the usual register fits a laptop's width.
    ...HEADS.filter((head) => head !== 'other_tax_amount' || withOtherTax).map(headColumn),
    // Issue 40: the row's invoice value (taxable + every head + other tax).
    amountColumn('invoice_value', t('gst.supplierDocs.invoiceValue')),
  ];

  const mobileCard = (row: PurchaseRegisterRow) => {
    const heads = HEADS.filter((head) => row[head] !== 0);
    return (
      <div className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-fg">{row.vendor}</p>
            <p className="font-mono text-xs text-fg-muted">
              {row.vendor_gstin ?? t('reports.register.noGstin')}
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p className={cn('font-semibold tabular-nums text-fg', returnTone(row))}>
              {formatRupees(row.taxable_amount)}
            </p>
            <p className="text-xs text-fg-muted">{rateText(t, row.gst_rate)}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-fg-muted">
          <KindBadge kind={row.kind} />
          <span>{date(row.date)}</span>
          {row.supplier_invoice_number ? (
            <span className="truncate">
              · {t('reports.register.invoiceShort', { number: row.supplier_invoice_number })}
            </span>
          ) : null}
        </div>
        {heads.length > 0 ? (
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {heads.map((head) => (
              <div key={head} className="flex gap-1.5">
                <dt className="text-fg-muted">{t(`reports.register.heads.${head}`)}</dt>
                <dd className={cn('tabular-nums text-fg', returnTone(row))}>
                  {formatRupees(row[head])}
                </dd>
              </div>
            ))}
            {heads.length > 1 ? (
              <div className="flex gap-1.5">
                <dt className="text-fg-muted">{t('reports.register.columns.totalTax')}</dt>
                <dd className={cn('font-medium tabular-nums text-fg', returnTone(row))}>
                  {formatRupees(taxOf(row))}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>
    );
  };

  return { columns, mobileCard };
}
