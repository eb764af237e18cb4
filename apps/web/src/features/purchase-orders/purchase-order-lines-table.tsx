/**
 * A purchase order's lines — ordered, received and PENDING quantity each, with rate, GST and the
 * taxable value — then the order's totals (taxable, CGST/SGST/IGST, total) and the amount in words.
 */
import {
  amountInWords,
  amountInWordsHindi,
  formatInr,
  toPaise,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { formatGstRate } from '../../components/gst/gst-figures';
import { SectionHeading } from '../../components/record-detail/figure-card';
import { Card } from '../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { cn } from '../../lib/cn';

const rupees = (value: number) => formatInr(toPaise(value));

function Pending({ line, testId }: { line: PurchaseOrderLine; testId?: string }) {
  const { t } = useTranslation();
  const open = line.pending_quantity > 0;
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-md px-2 py-0.5 font-semibold tabular-nums',
        open ? 'bg-warning-soft text-warning-soft-fg' : 'text-success-soft-fg',
      )}
      data-testid={testId}
    >
      {open
        ? formatQuantity(line.pending_quantity, line.unit)
        : t('purchaseOrders.lines.nonePending')}
    </span>
  );
}

export function PurchaseOrderLinesTable({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const gst = (line: PurchaseOrderLine) =>
    line.gst_rate === null ? t('gst.noGst') : formatGstRate(t, line.gst_rate);
  const columns: DataTableColumn<PurchaseOrderLine>[] = [
    {
      key: 'item',
      header: t('purchaseOrders.fields.item'),
      cell: (line) => (
        <div className="min-w-0 max-w-64">
          <p className="truncate font-medium text-fg">{line.item_name}</p>
          {line.hsn_code ? (
            <p className="text-xs text-fg-muted">
              {t('purchaseOrders.lines.hsn', { code: line.hsn_code })}
            </p>
          ) : null}
        </div>
      ),
    },
    figureColumn('ordered', t('purchaseOrders.lines.ordered'), (line) =>
      formatQuantity(line.quantity, line.unit),
    ),
    figureColumn('received', t('purchaseOrders.lines.received'), (line) =>
      formatQuantity(line.received_quantity, line.unit),
    ),
    {
      key: 'pending',
      header: t('purchaseOrders.lines.pending'),
      align: 'right',
      cell: (line) => <Pending line={line} testId={`po-line-pending-${line.id}`} />,
    },
    figureColumn('rate', t('purchaseOrders.fields.rate'), (line) => rupees(line.unit_price)),
    { key: 'gst', header: t('gst.rate'), align: 'right', hideBelow: 'lg', cell: gst },
    figureColumn(
      'amount',
      t('purchaseOrders.fields.taxable'),
      (line) => rupees(line.total_amount),
      {
        tone: 'font-medium text-fg',
      },
    ),
  ];

  const mobileCard = (line: PurchaseOrderLine) => (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate font-semibold text-fg">{line.item_name}</p>
        <p className="shrink-0 font-semibold tabular-nums text-fg">{rupees(line.total_amount)}</p>
      </div>
      <p className="text-sm tabular-nums text-fg-muted">
        {t('purchaseOrders.lines.rateLine', {
          quantity: formatQuantity(line.quantity, line.unit),
          rate: rupees(line.unit_price),
          gst: gst(line),
        })}
      </p>
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm">
        <div>
          <dt className="text-xs text-fg-muted">{t('purchaseOrders.lines.ordered')}</dt>
          <dd className="tabular-nums">{formatQuantity(line.quantity, line.unit)}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">{t('purchaseOrders.lines.received')}</dt>
          <dd className="tabular-nums">{formatQuantity(line.received_quantity, line.unit)}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">{t('purchaseOrders.lines.pending')}</dt>
          <dd>
            <Pending line={line} />
          </dd>
        </div>
      </dl>
    </div>
  );

  return (
    <section aria-labelledby="po-lines-title">
      <SectionHeading
        id="po-lines-title"
        title={t('purchaseOrders.lines.title')}
        count={order.lines.length}
      />
      <DataTable
        columns={columns}
        rows={order.lines}
        rowKey={(line) => line.id}
        mobileCard={mobileCard}
        label={t('purchaseOrders.lines.title')}
        testId="po-lines-table"
        rowTestId={(line) => `po-line-row-${line.id}`}
      />
      <PurchaseOrderTotals order={order} />
    </section>
  );
}

function PurchaseOrderTotals({ order }: { order: PurchaseOrder }) {
  const { t, i18n } = useTranslation();
  const rows: { key: string; label: string; value: number; show: boolean }[] = [
    {
      key: 'taxable',
      label: t('purchaseOrders.fields.taxable'),
      value: order.items_total,
      show: true,
    },
    {
      key: 'cgst',
      label: t('gst.heads.cgst'),
      value: order.cgst_amount,
      show: order.cgst_amount !== 0,
    },
    {
      key: 'sgst',
      label: t('gst.heads.sgst'),
      value: order.sgst_amount,
      show: order.sgst_amount !== 0,
    },
    {
      key: 'igst',
      label: t('gst.heads.igst'),
      value: order.igst_amount,
      show: order.igst_amount !== 0,
    },
  ];
  return (
    <Card className="mt-4 ml-auto max-w-md px-5 py-4" data-testid="po-totals">
      <dl className="space-y-1.5 text-sm">
        {rows
          .filter((row) => row.show)
          .map((row) => (
            <div key={row.key} className="flex justify-between gap-4">
              <dt className="text-fg-muted">{row.label}</dt>
              <dd className="tabular-nums text-fg" data-testid={`po-totals-${row.key}`}>
                {rupees(row.value)}
              </dd>
            </div>
          ))}
        <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
          <dt className="text-fg">{t('purchaseOrders.fields.total')}</dt>
          <dd className="tabular-nums text-fg" data-testid="po-totals-total">
            {rupees(order.total_amount)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs italic text-fg-muted" data-testid="po-amount-words">
        {/* In the user's language (issue 38); the PDF for the vendor stays in English. */}
        {(i18n.language.startsWith('hi') ? amountInWordsHindi : amountInWords)(
          toPaise(order.total_amount),
        )}
      </p>
    </Card>
  );
}
