/** A work order's BOQ lines: ordered and billed so far, with the amount ordered. */
import type { WorkOrder, WorkOrderLine } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { LinesCard } from '../../components/record-detail/fact';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../lib/quantity-format';
import { rupees } from './wo-labels';

export function WoLinesCard({ order }: { order: WorkOrder }) {
  const { t } = useTranslation();
  const qty = (line: WorkOrderLine, value: number) => formatQuantity(value, line.unit);
  const columns: DataTableColumn<WorkOrderLine>[] = [
    {
      key: 'description',
      header: t('workOrders.fields.description'),
      cell: (line) => <span className="font-medium text-fg">{line.description}</span>,
    },
    figureColumn('rate', t('workOrders.fields.rate'), (line) => rupees(line.rate)),
    figureColumn('ordered', t('workOrders.fields.ordered'), (line) => qty(line, line.quantity)),
    figureColumn('billed', t('workOrders.fields.billedQuantity'), (line) =>
      qty(line, line.billed_quantity),
    ),
    figureColumn('amount', t('workOrders.fields.amount'), (line) => rupees(line.amount), {
      tone: 'font-medium text-fg',
    }),
  ];
  const mobileCard = (line: WorkOrderLine) => (
    <div className="space-y-1.5">
      <p className="font-medium text-fg">{line.description}</p>
      <p className="flex flex-wrap justify-between gap-x-3 text-sm text-fg-muted">
        <span>
          {t('workOrders.lines.billedOfOrdered', {
            billed: qty(line, line.billed_quantity),
            ordered: qty(line, line.quantity),
          })}
        </span>
        <span className="tabular-nums text-fg">{rupees(line.amount)}</span>
      </p>
    </div>
  );
  return (
    <LinesCard title={t('workOrders.lines.title', { count: order.lines.length })}>
      <DataTable
        columns={columns}
        rows={order.lines}
        rowKey={(line) => line.id}
        mobileCard={mobileCard}
        label={t('workOrders.lines.title', { count: order.lines.length })}
        testId="wo-lines-table"
        rowTestId={(line) => `wo-line-row-${line.id}`}
      />
    </LinesCard>
  );
}
