import { formatInr, toPaise, type GstSplit, type ReturnableItem } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { parseDecimalInput } from '../../components/ui/money-field';
import { formatGstRate } from '../../components/gst/gst-figures';
import { lineAmountPaise, lineGst, selectedRows, type ReturnDraft } from './return-form';
import { gstOf, headEntries } from './return-gst';

/** One reviewed field: `vendorReturns.fields.{field}`, test id `return-review-{id}`. */
function Row({ field, id, value }: { field: string; id: string; value: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-fg-muted">{t(`vendorReturns.fields.${field}`)}</dt>
      <dd
        className="text-right font-medium tabular-nums text-fg"
        data-testid={`return-review-${id}`}
      >
        {value}
      </dd>
    </div>
  );
}

/** A figure under the lines (the total, the GST reversed, what is owed back); `strong` stands out. */
function SumRow({
  label,
  detail,
  paise,
  testId,
  strong = false,
}: {
  label: string;
  detail?: ReactNode;
  paise: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <li
      className={`flex items-baseline justify-between gap-3 bg-surface-muted/60 px-4 ${strong ? 'py-3' : 'py-2'}`}
    >
      <span className={strong ? 'font-medium text-fg' : 'text-fg-muted'}>
        {label}
        {detail}
      </span>
      <span
        className={`${strong ? 'text-base font-semibold' : 'font-medium'} tabular-nums text-fg`}
        data-testid={testId}
      >
        {formatInr(paise)}
      </span>
    </li>
  );
}

const rupees = (text: string) => formatInr(toPaise(parseDecimalInput(text) ?? 0));

/** Step 4: everything that will be saved, with the totals. */
export function ConfirmStep({
  draft,
  rows,
  total,
  gst,
  owed,
  vendorName,
  accountName,
}: {
  draft: ReturnDraft;
  rows: readonly ReturnableItem[];
  total: number;
  gst: GstSplit;
  owed: number;
  vendorName: string;
  accountName: string;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const type = draft.refundType;
  const chosen = selectedRows(draft, rows);
  // GST rows show once a chosen line comes from a rated delivery line.
  const rated = chosen.some((row) => row.line.gst_rate !== null);
  return (
    <div className="space-y-5 text-sm" data-testid="return-review">
      <dl className="divide-y divide-border rounded-xl border border-border px-4 py-1">
        <Row field="vendor" id="vendor" value={vendorName} />
        <Row field="returnDate" id="date" value={date(draft.returnDate)} />
        <Row
          field="reason"
          id="reason"
          value={draft.reason ? t(`vendorReturns.reasons.${draft.reason}`) : '—'}
        />
        {draft.notes.trim() ? <Row field="notes" id="notes" value={draft.notes} /> : null}
      </dl>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {chosen.map((row) => {
          const line = draft.lines[row.delivery_item];
          const unit = row.line.expand?.item?.unit;
          const amount = lineAmountPaise(line);
          const rate = row.line.gst_rate;
          return (
            <li
              key={row.delivery_item}
              className="flex items-start justify-between gap-3 px-4 py-3"
              data-testid="return-review-line"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-fg">{row.line.expand?.item?.name}</p>
                <p className="text-xs text-fg-muted">
                  {formatQuantity(parseDecimalInput(line?.quantity) ?? 0, unit)} ×{' '}
                  {rupees(line?.rate ?? '')} ·{' '}
                  {line?.condition ? t(`vendorReturns.conditions.${line.condition}`) : ''}
                </p>
              </div>
              <span className="shrink-0 text-right">
                <span className="block font-medium tabular-nums text-fg">
                  {amount === null ? '—' : formatInr(amount)}
                </span>
                {rate !== null ? (
                  <span
                    className="block text-xs tabular-nums text-fg-muted"
                    data-testid="return-review-line-gst"
                  >
                    {t('vendorReturns.gst.lineGst', {
                      rate: formatGstRate(t, rate),
                      amount: formatInr(gstOf(lineGst(row, line))),
                    })}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
        <SumRow
          label={t('vendorReturns.fields.totalReturn')}
          paise={total}
          testId="return-review-total"
          strong
        />
        {rated ? (
          <>
            <SumRow
              label={t('vendorReturns.gst.reversed')}
              detail={
                headEntries(gst).length > 0 ? (
                  <span className="block text-xs">
                    {headEntries(gst)
                      .map(({ head, paise }) => `${t(`gst.heads.${head}`)} ${formatInr(paise)}`)
                      .join(' + ')}
                  </span>
                ) : null
              }
              paise={gstOf(gst)}
              testId="return-review-gst"
            />
            <SumRow
              label={t('vendorReturns.gst.toGetBack')}
              paise={owed}
              testId="return-review-owed"
              strong
            />
          </>
        ) : null}
      </ul>
      <dl className="divide-y divide-border rounded-xl border border-border px-4 py-1">
        <Row field="refundType" id="refund-type" value={t(`vendorReturns.refundChoices.${type}`)} />
        {type === 'monetary' || type === 'split' ? (
          <>
            <Row field="refundAmount" id="refund-amount" value={rupees(draft.amount)} />
            <Row field="account" id="account" value={accountName} />
            <Row
              field="method"
              id="method"
              value={draft.method ? t(`vendorReturns.methods.${draft.method}`) : '—'}
            />
          </>
        ) : null}
        {type === 'credit' || type === 'split' ? (
          <>
            <Row
              field="creditAmount"
              id="credit-amount"
              value={rupees(type === 'credit' ? draft.amount : draft.creditAmount)}
            />
            <Row
              field="creditExpiry"
              id="credit-expiry"
              value={draft.creditExpiry ? date(draft.creditExpiry) : t('vendorReturns.noExpiry')}
            />
          </>
        ) : null}
      </dl>
      <p className="text-fg-muted">{t('vendorReturns.wizard.autoApproved')}</p>
    </div>
  );
}
