/**
 * Read-only delivery lines: a table from 640 px, a list of compact rows on phones. Amounts are
 * paise (server totals on saved deliveries, paise previews in the review step).
 */
import { formatInr, toPaise } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';

export interface LineRow {
  key: string;
  itemName: string;
  unit: string;
  quantity: number;
  /** Rupees, as typed or as the API sends them. */
  unitPrice: number;
  totalPaise: number;
  notes?: string | null | undefined;
}

export function DeliveryLinesTable({
  rows,
  testId = 'delivery-lines-table',
}: {
  rows: readonly LineRow[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 640px)');

  if (!wide) {
    return (
      <ul className="divide-y divide-border" data-testid={testId}>
        {rows.map((row, index) => (
          <li key={row.key} className="py-3 first:pt-0 last:pb-0" data-testid={`${testId}-row`}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium text-fg">
                <span className="mr-1.5 text-fg-subtle">{index + 1}.</span>
                {row.itemName}
              </p>
              <p className="shrink-0 font-semibold tabular-nums text-fg">
                {formatInr(row.totalPaise)}
              </p>
            </div>
            <p className="mt-0.5 text-sm tabular-nums text-fg-muted">
              {t('deliveries.lines.quantityAtPrice', {
                quantity: formatQuantity(row.quantity, row.unit),
                price: formatInr(toPaise(row.unitPrice)),
              })}
            </p>
            {row.notes ? <p className="mt-1 text-sm text-fg-muted">{row.notes}</p> : null}
          </li>
        ))}
      </ul>
    );
  }

  const head = 'h-10 px-3 text-xs font-semibold uppercase tracking-wide text-fg-muted';
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={`${head} w-10 pl-0 text-left`}>
              #
            </th>
            <th scope="col" className={`${head} text-left`}>
              {t('deliveries.fields.item')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('deliveries.fields.quantity')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('deliveries.fields.unitPrice')}
            </th>
            <th scope="col" className={`${head} pr-0 text-right`}>
              {t('deliveries.fields.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={row.key}
              className="border-b border-border last:border-0"
              data-testid={`${testId}-row`}
            >
              <td className="py-3 pr-3 align-top text-fg-subtle tabular-nums">{index + 1}</td>
              <td className="px-3 py-3 align-top">
                <p className="font-medium text-fg">{row.itemName}</p>
                {row.notes ? <p className="mt-0.5 text-xs text-fg-muted">{row.notes}</p> : null}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-right align-top tabular-nums text-fg">
                {formatQuantity(row.quantity, row.unit)}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-right align-top tabular-nums text-fg">
                {formatInr(toPaise(row.unitPrice))}
              </td>
              <td className="whitespace-nowrap py-3 pl-3 text-right align-top font-semibold tabular-nums text-fg">
                {formatInr(row.totalPaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
