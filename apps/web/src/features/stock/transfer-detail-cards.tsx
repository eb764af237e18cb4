import type { StockTransfer } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { Fact, FactsCard, LinesCard } from '../../components/record-detail/fact';
import { LinesTable, type LinesTableColumn } from '../../components/lines/lines-table';

type Line = StockTransfer['lines'][number];

/** From, to, dates, who received it, the value and notes. */
export function TransferFactsCard({ transfer }: { transfer: StockTransfer }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  return (
    <FactsCard>
      <Fact label={t('stock.fields.fromSite')} testId="transfer-detail-from">
        {transfer.site_name}
      </Fact>
      <Fact label={t('stock.fields.toSite')} testId="transfer-detail-to">
        {transfer.to_site_name}
      </Fact>
      <Fact label={t('stock.fields.value')} testId="transfer-detail-value">
        <span className="font-semibold tabular-nums">{formatRupees(transfer.total_value)}</span>
      </Fact>
      <Fact label={t('stock.fields.transferDate')}>{date(transfer.transfer_date)}</Fact>
      {transfer.status === 'received' ? (
        <Fact label={t('stock.fields.receivedDate')} testId="transfer-detail-received">
          {transfer.received_by_name
            ? t('stock.transferDetail.receivedBy', {
                name: transfer.received_by_name,
                date: date(transfer.received_date),
              })
            : date(transfer.received_date)}
        </Fact>
      ) : null}
      {transfer.notes ? (
        <Fact label={t('stock.fields.notes')} testId="transfer-detail-notes">
          {transfer.notes}
        </Fact>
      ) : null}
    </FactsCard>
  );
}

/**
 * Each line: sent, its value, received and the shortfall (once received). A table from 640 px; on
 * a phone each line is a small card, so no column is cut off (issue 38).
 */
export function TransferLinesCard({ transfer }: { transfer: StockTransfer }) {
  const { t } = useTranslation();
  const figure = (
    key: 'sent' | 'value' | 'received' | 'shortfall',
    cell: (line: Line) => string,
    tone?: (line: Line) => string,
  ): LinesTableColumn<Line> => ({ key, header: t(`stock.fields.${key}`), cell, className: tone });
  const columns = [
    figure('sent', (line) => formatQuantity(line.quantity, line.unit)),
    figure('value', (line) => formatRupees(line.value)),
    figure('received', (line) =>
      line.received_quantity === null ? '—' : formatQuantity(line.received_quantity, line.unit),
    ),
    figure(
      'shortfall',
      (line) =>
        line.shortfall_quantity === null ? '—' : formatQuantity(line.shortfall_quantity, line.unit),
      (line) => (line.shortfall_quantity ? 'font-semibold text-danger' : 'text-fg-muted'),
    ),
  ];
  const toneOf = (column: LinesTableColumn<Line>, line: Line) =>
    typeof column.className === 'function' ? column.className(line) : 'text-fg';
  return (
    <LinesCard title={t('stock.transferDetail.lines')}>
      <ul className="divide-y divide-border sm:hidden" data-testid="transfer-detail-lines-phone">
        {transfer.lines.map((line) => (
          <li key={line.id} className="px-4 py-3" data-testid={`transfer-line-card-${line.id}`}>
            <p className="font-medium text-fg">{line.item_name}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {columns.map((column) => (
                <div key={column.key} className="min-w-0">
                  <dt className="text-xs text-fg-muted">{column.header}</dt>
                  <dd className={`break-words tabular-nums ${toneOf(column, line)}`}>
                    {column.cell(line)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <LinesTable
          item={{
            key: 'item',
            header: t('stock.fields.item'),
            cell: (line) => line.item_name,
            className: 'font-medium text-fg',
          }}
          columns={columns}
          lines={transfer.lines}
          testId="transfer-detail-lines"
          rowTestId={(line) => `transfer-line-row-${line.id}`}
        />
      </div>
    </LinesCard>
  );
}
