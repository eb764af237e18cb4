import { formatInr, toPaise, type GstSplit, type ReturnableItem } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { parseDecimalInput } from '../../components/ui/money-field';
import { formatGstRate } from '../../components/gst/gst-figures';
import { lineAmountPaise, lineGst, selectedRows, type ReturnDraft } from './return-form';
import { gstOf, headEntries } from './return-gst';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
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
        <Row
          label={t('vendorReturns.fields.vendor')}
          value={vendorName}
          testId="return-review-vendor"
        />
        <Row
          label={t('vendorReturns.fields.returnDate')}
          value={date(draft.returnDate)}
          testId="return-review-date"
        />
        <Row
          label={t('vendorReturns.fields.reason')}
          value={draft.reason ? t(`vendorReturns.reasons.${draft.reason}`) : '—'}
          testId="return-review-reason"
        />
        {draft.notes.trim() ? (
          <Row
            label={t('vendorReturns.fields.notes')}
            value={draft.notes}
            testId="return-review-notes"
          />
        ) : null}
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
        <li className="flex items-baseline justify-between gap-3 bg-surface-muted/60 px-4 py-3">
          <span className="font-medium text-fg">{t('vendorReturns.fields.totalReturn')}</span>
          <span
            className="text-base font-semibold tabular-nums text-fg"
            data-testid="return-review-total"
          >
            {formatInr(total)}
          </span>
        </li>
        {rated ? (
          <>
            <li className="flex items-baseline justify-between gap-3 bg-surface-muted/60 px-4 py-2">
              <span className="text-fg-muted">
                {t('vendorReturns.gst.reversed')}
                {headEntries(gst).length > 0 ? (
                  <span className="block text-xs">
                    {headEntries(gst)
                      .map(({ head, paise }) => `${t(`gst.heads.${head}`)} ${formatInr(paise)}`)
                      .join(' + ')}
                  </span>
                ) : null}
              </span>
              <span className="font-medium tabular-nums text-fg" data-testid="return-review-gst">
                {formatInr(gstOf(gst))}
              </span>
            </li>
            <li className="flex items-baseline justify-between gap-3 bg-surface-muted/60 px-4 py-3">
              <span className="font-medium text-fg">{t('vendorReturns.gst.toGetBack')}</span>
              <span
                className="text-base font-semibold tabular-nums text-fg"
                data-testid="return-review-owed"
              >
                {formatInr(owed)}
              </span>
            </li>
          </>
        ) : null}
      </ul>
      <dl className="divide-y divide-border rounded-xl border border-border px-4 py-1">
        <Row
          label={t('vendorReturns.fields.refundType')}
          value={t(`vendorReturns.refundChoices.${type}`)}
          testId="return-review-refund-type"
        />
        {type === 'monetary' || type === 'split' ? (
          <>
            <Row
              label={t('vendorReturns.fields.refundAmount')}
              value={rupees(draft.amount)}
              testId="return-review-refund-amount"
            />
            <Row
              label={t('vendorReturns.fields.account')}
              value={accountName}
              testId="return-review-account"
            />
            <Row
              label={t('vendorReturns.fields.method')}
              value={draft.method ? t(`vendorReturns.methods.${draft.method}`) : '—'}
              testId="return-review-method"
            />
          </>
        ) : null}
        {type === 'credit' || type === 'split' ? (
          <Row
            label={t('vendorReturns.fields.creditAmount')}
            value={rupees(type === 'credit' ? draft.amount : draft.creditAmount)}
            testId="return-review-credit-amount"
          />
        ) : null}
        {type === 'credit' || type === 'split' ? (
          <Row
            label={t('vendorReturns.fields.creditExpiry')}
            value={draft.creditExpiry ? date(draft.creditExpiry) : t('vendorReturns.noExpiry')}
            testId="return-review-credit-expiry"
          />
        ) : null}
      </dl>
      <p className="text-fg-muted">{t('vendorReturns.wizard.autoApproved')}</p>
    </div>
  );
}
