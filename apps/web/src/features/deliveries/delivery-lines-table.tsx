/**
 * Read-only delivery lines: a table from 640 px, a list of compact rows on phones. Amounts are
 * paise (server totals on saved deliveries, paise previews in the review step). When a line has
 * a GST rate, a GST column shows each line's rate and its CGST + SGST or IGST.
 */
import { formatInr, toPaise, type RefOrderLine } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatGstRate } from '../../components/gst/gst-figures';
import { useMediaQuery } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { DeliveryLinePo } from './delivery-line-po';

export interface LineRow {
  key: string;
  itemName: string;
  unit: string;
  quantity: number;
  /** Rupees, as typed or as the API sends them. */
  unitPrice: number;
  totalPaise: number;
  /** Percent; null or absent: no GST. */
  gstRate?: number | null | undefined;
  /** The line's tax by head (paise). */
  heads?: { cgst: number; sgst: number; igst: number } | undefined;
  notes?: string | null | undefined;
  /** The purchase order line it was received against (saved deliveries read with that expand). */
  orderLine?: RefOrderLine | undefined;
}

/** "18 % · IGST ₹1,800.00" / "18 % · CGST ₹900.00 + SGST ₹900.00" / "No GST". */
export function lineGstText(t: TFunction, row: LineRow): string {
  if (row.gstRate === null || row.gstRate === undefined) return t('gst.noGst');
  const heads = row.heads;
  const parts = (['cgst', 'sgst', 'igst'] as const)
    .filter((head) => (heads?.[head] ?? 0) !== 0)
    .map((head) => `${t(`gst.heads.${head}`)} ${formatInr(heads?.[head] ?? 0)}`);
  const rate = formatGstRate(t, row.gstRate);
  return parts.length ? `${rate} · ${parts.join(' + ')}` : rate;
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
  const rated = rows.some((row) => row.gstRate !== null && row.gstRate !== undefined);

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
            {rated ? (
              <p
                className="mt-0.5 text-sm tabular-nums text-fg-muted"
                data-testid={`${testId}-gst-${index}`}
              >
                {lineGstText(t, row)}
              </p>
            ) : null}
            {row.notes ? <p className="mt-1 text-sm text-fg-muted">{row.notes}</p> : null}
            <OrderLineNote row={row} testId={`${testId}-po-${index}`} />
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
            {rated ? (
              <th scope="col" className={`${head} text-right`}>
                {t('gst.column')}
              </th>
            ) : null}
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
                <OrderLineNote row={row} testId={`${testId}-po-${index}`} />
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-right align-top tabular-nums text-fg">
                {formatQuantity(row.quantity, row.unit)}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-right align-top tabular-nums text-fg">
                {formatInr(toPaise(row.unitPrice))}
              </td>
              {rated ? (
                <td
                  className="px-3 py-3 text-right align-top tabular-nums text-fg"
                  data-testid={`${testId}-gst-${index}`}
                >
                  <LineGstCell row={row} />
                </td>
              ) : null}
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

/** The rate, and beneath it each head the line pays. */
function LineGstCell({ row }: { row: LineRow }) {
  const { t } = useTranslation();
  if (row.gstRate === null || row.gstRate === undefined) {
    return <span className="text-fg-muted">{t('gst.noGst')}</span>;
  }
  return (
    <>
      <span className="block whitespace-nowrap font-medium">{formatGstRate(t, row.gstRate)}</span>
      {(['cgst', 'sgst', 'igst'] as const)
        .filter((head) => (row.heads?.[head] ?? 0) !== 0)
        .map((head) => (
          <span key={head} className="block whitespace-nowrap text-xs text-fg-muted">
            {t(`gst.heads.${head}`)} {formatInr(row.heads?.[head] ?? 0)}
          </span>
        ))}
    </>
  );
}

function OrderLineNote({ row, testId }: { row: LineRow; testId: string }) {
  return row.orderLine ? (
    <DeliveryLinePo
      orderLine={row.orderLine}
      unitPrice={row.unitPrice}
      unit={row.unit}
      testId={testId}
    />
  ) : null;
}
