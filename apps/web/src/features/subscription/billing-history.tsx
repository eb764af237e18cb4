import { FileText, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate, formatTimestamp } from '../../lib/dates';
import { saveFile } from '../../lib/downloads';
import { formatRupees } from '../../lib/format';
import { useInvoices, type PlanInvoice } from '../../lib/subscription-api';
import { fetchInvoicePdf } from './api';

/** "Invoice PDF": fetched with the session, then handed to the browser's downloads. */
function InvoicePdfButton({ invoice }: { invoice: PlanInvoice }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      saveFile(await fetchInvoicePdf(invoice));
    } catch (error) {
      toast.error(
        t('subscription.errors.withReason', {
          message: t('subscription.history.pdfFailed'),
          reason: errorMessage(error, t),
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      icon={<FileText className="size-4" aria-hidden="true" />}
      onClick={() => void open()}
      aria-label={t('subscription.history.pdfFor', { number: invoice.number })}
      data-testid="invoice-pdf"
    >
      {t('subscription.history.pdf')}
    </Button>
  );
}

function useColumns(): DataTableColumn<PlanInvoice>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'date',
      header: t('subscription.history.date'),
      cell: (row) => formatBusinessDate(row.invoice_date, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'number',
      header: t('subscription.history.number'),
      cell: (row) => <span className="font-mono text-xs">{row.number}</span>,
    },
    {
      key: 'plan',
      header: t('subscription.history.plan'),
      cell: (row) => planOf(t, row),
    },
    {
      key: 'period',
      header: t('subscription.history.period'),
      hideBelow: 'lg',
      cell: (row) => periodOf(t, i18n.language, row),
    },
    {
      key: 'amount',
      header: t('subscription.history.amount'),
      align: 'right',
      cell: (row) => <span className="font-medium tabular-nums">{formatRupees(row.total)}</span>,
    },
    {
      key: 'pdf',
      header: t('subscription.history.invoice'),
      align: 'right',
      cell: (row) => <InvoicePdfButton invoice={row} />,
    },
  ];
}

type T = ReturnType<typeof useTranslation>['t'];

function planOf(t: T, row: PlanInvoice): string {
  return t('subscription.history.planCycle', {
    plan: row.plan_name,
    cycle: t(`subscription.cycle.${row.billing_cycle}`),
  });
}

function periodOf(t: T, language: string, row: PlanInvoice): string {
  return t('subscription.usage.period', {
    from: formatTimestamp(row.period_start, language),
    to: formatTimestamp(row.period_end, language),
  });
}

/** One payment on a phone: number and amount, plan and period, the PDF. */
function InvoiceCard({ invoice }: { invoice: PlanInvoice }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 truncate font-mono text-xs text-fg">{invoice.number}</span>
        <span className="shrink-0 font-semibold tabular-nums text-fg">
          {formatRupees(invoice.total)}
        </span>
      </div>
      <p className="text-sm text-fg">{planOf(t, invoice)}</p>
      <p className="text-xs text-fg-muted">
        {formatBusinessDate(invoice.invoice_date, i18n.language)} ·{' '}
        {periodOf(t, i18n.language, invoice)}
      </p>
      <InvoicePdfButton invoice={invoice} />
    </div>
  );
}

/** Billing history: every plan payment with its tax invoice (owners). */
export function BillingHistory() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const columns = useColumns();
  return (
    <section
      aria-labelledby="billing-history-heading"
      className="space-y-4"
      data-testid="billing-history"
    >
      <div>
        <h2 id="billing-history-heading" className="text-lg font-semibold text-fg">
          {t('subscription.history.title')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t('subscription.history.description')}</p>
      </div>
      <DataTable<PlanInvoice>
        columns={columns}
        rows={invoices.data}
        rowKey={(row) => row.id}
        loading={invoices.isPending}
        error={invoices.error}
        errorTitle={t('subscription.history.loadFailed')}
        onRetry={() => void invoices.refetch()}
        mobileCard={(row) => <InvoiceCard invoice={row} />}
        skeletonRows={2}
        label={t('subscription.history.title')}
        empty={
          <EmptyState
            icon={<ReceiptText aria-hidden="true" />}
            title={t('subscription.history.empty')}
            description={t('subscription.history.emptyDescription')}
            testId="billing-history-empty"
          />
        }
        testId="invoices-table"
        rowTestId={() => 'invoice-row'}
      />
    </section>
  );
}
