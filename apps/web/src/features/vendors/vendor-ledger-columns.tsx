import type { LedgerEntry } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';

/** The ledger table's columns and its card for narrow screens. */
export function useLedgerColumns() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // Built once per language: a new set each render would re-render every row of a long ledger.
  return useMemo(() => ledgerColumns(t, language), [t, language]);
}

function ledgerColumns(t: TFunction, language: string) {
  const date = (iso: string) => formatBusinessDate(iso, language);
  const money = (v: number) => (v ? formatRupees(v) : '—');

  const columns: DataTableColumn<LedgerEntry>[] = [
    {
      key: 'date',
      header: t('vendorLedger.date'),
      cell: (e) => <span className="whitespace-nowrap">{date(e.date)}</span>,
    },
    { key: 'type', header: t('vendorLedger.type'), cell: (e) => t(`vendorLedger.types.${e.type}`) },
    {
      key: 'reference',
      header: t('vendorLedger.reference'),
      hideBelow: 'lg',
      cell: (e) => <span className="text-fg-muted">{e.reference ?? '—'}</span>,
    },
    // Issue 40: the supplier's invoice number (a return's: its credit note).
    {
      key: 'supplier_invoice_number',
      header: t('gst.supplierDocs.ledgerInvoice'),
      hideBelow: 'lg',
      cell: (e) => <span className="text-fg-muted">{e.supplier_invoice_number ?? '—'}</span>,
    },
    {
      key: 'debit',
      header: t('vendorLedger.debit'),
      align: 'right',
      cell: (e) => <span className="tabular-nums">{money(e.debit)}</span>,
    },
    {
      key: 'credit',
      header: t('vendorLedger.credit'),
      align: 'right',
      cell: (e) => <span className="tabular-nums">{money(e.credit)}</span>,
    },
    {
      key: 'balance',
      header: t('vendorLedger.balance'),
      align: 'right',
      cell: (e) => <span className="font-semibold tabular-nums">{formatRupees(e.balance)}</span>,
    },
  ];

  const mobileCard = (e: LedgerEntry) => (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-medium text-fg">{t(`vendorLedger.types.${e.type}`)}</p>
        <p className="truncate text-sm text-fg-muted">
          {date(e.date)}
          {e.reference ? ` · ${e.reference}` : ''}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={cn(
            'text-sm font-medium tabular-nums',
            e.debit ? 'text-success-soft-fg' : 'text-fg',
          )}
        >
          {e.debit ? `− ${formatRupees(e.debit)}` : `+ ${formatRupees(e.credit)}`}
        </p>
        <p className="text-xs tabular-nums text-fg-muted">
          {t('vendorLedger.balanceAfter', { amount: formatRupees(e.balance) })}
        </p>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
