import type { StockTransfer } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { Fact } from '../../components/record-detail/fact';

type Line = StockTransfer['lines'][number];

/** From, to, dates, who received it, the value and notes. */
export function TransferFactsCard({ transfer }: { transfer: StockTransfer }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  return (
    <Card>
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
        </dl>
      </CardBody>
    </Card>
  );
}

/**
 * Each line: sent, its value, received and the shortfall (once received). A table from 640 px; on
 * a phone each line is a small card, so no column is cut off (issue 38).
 */
export function TransferLinesCard({ transfer }: { transfer: StockTransfer }) {
  const { t } = useTranslation();
  const cell = 'whitespace-nowrap px-4 py-3 text-right tabular-nums';
  const received = (line: Line) =>
    line.received_quantity === null ? '—' : formatQuantity(line.received_quantity, line.unit);
  const shortfall = (line: Line) =>
    line.shortfall_quantity === null ? '—' : formatQuantity(line.shortfall_quantity, line.unit);
  const shortTone = (line: Line) =>
    line.shortfall_quantity ? 'font-semibold text-danger' : 'text-fg-muted';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stock.transferDetail.lines')}</CardTitle>
      </CardHeader>
      <CardBody className="p-0 sm:p-0">
        <ul className="divide-y divide-border sm:hidden" data-testid="transfer-detail-lines-phone">
          {transfer.lines.map((line) => (
            <li key={line.id} className="px-4 py-3" data-testid={`transfer-line-card-${line.id}`}>
              <p className="font-medium text-fg">{line.item_name}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {(
                  [
                    ['sent', formatQuantity(line.quantity, line.unit), 'text-fg'],
                    ['value', formatRupees(line.value), 'text-fg'],
                    ['received', received(line), 'text-fg'],
                    ['shortfall', shortfall(line), shortTone(line)],
                  ] as const
                ).map(([key, value, tone]) => (
                  <div key={key} className="min-w-0">
                    <dt className="text-xs text-fg-muted">{t(`stock.fields.${key}`)}</dt>
                    <dd className={`break-words tabular-nums ${tone}`}>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto sm:block">
          <table className="w-full text-sm" data-testid="transfer-detail-lines">
            <thead>
              <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-fg-muted">
                <th className="px-4 py-2 font-medium sm:px-6">{t('stock.fields.item')}</th>
                <th className="px-4 py-2 text-right font-medium">{t('stock.fields.sent')}</th>
                <th className="px-4 py-2 text-right font-medium">{t('stock.fields.value')}</th>
                <th className="px-4 py-2 text-right font-medium">{t('stock.fields.received')}</th>
                <th className="px-4 py-2 text-right font-medium sm:pr-6">
                  {t('stock.fields.shortfall')}
                </th>
              </tr>
            </thead>
            <tbody>
              {transfer.lines.map((line) => (
                <tr
                  key={line.id}
                  className="border-b border-border last:border-0"
                  data-testid={`transfer-line-row-${line.id}`}
                >
                  <td className="px-4 py-3 font-medium text-fg sm:px-6">{line.item_name}</td>
                  <td className={cell}>{formatQuantity(line.quantity, line.unit)}</td>
                  <td className={cell}>{formatRupees(line.value)}</td>
                  <td className={cell}>{received(line)}</td>
                  <td className={`${cell} sm:pr-6 ${shortTone(line)}`}>{shortfall(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardBody>
    </Card>
  );
}
