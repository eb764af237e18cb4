import { formatInr, type VendorReturn } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatBusinessDate, formatTimestamp } from '../../lib/dates';
import { formatGstRate } from '../../components/gst/gst-figures';
import { inr } from './money';
import { gstOf, headEntries, headsOf, owedPaise } from './return-gst';
import { returnBadgeStatus } from './return-status';

/** A business date in the reader's language, or a dash. */
export function useReturnDate() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
}

export function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate font-medium tabular-nums text-fg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

/** Status, reason, money figures, approval and notes of a return. */
export function ReturnFacts({ record: r }: { record: VendorReturn }) {
  const { t, i18n } = useTranslation();
  const date = useReturnDate();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge kind="return" status={returnBadgeStatus(r)} testId="return-detail-status" />
        <span className="text-fg-muted">{t(`vendorReturns.reasons.${r.reason}`)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-surface-muted/70 p-3 sm:grid-cols-4">
        <Fact label={t('vendorReturns.fields.returnDate')}>{date(r.return_date)}</Fact>
        <Fact label={t('vendorReturns.fields.totalReturn')} testId="return-detail-total">
          {inr(r.total_return_amount)}
        </Fact>
        {gstOf(headsOf(r)) !== 0 ? (
          <>
            {headEntries(headsOf(r)).map(({ head, paise }) => (
              <Fact
                key={head}
                label={t('vendorReturns.gst.headReversed', { head: t(`gst.heads.${head}`) })}
                testId={`return-detail-${head}`}
              >
                {formatInr(paise)}
              </Fact>
            ))}
            <Fact label={t('vendorReturns.gst.toGetBack')} testId="return-detail-owed">
              {formatInr(owedPaise(r))}
            </Fact>
          </>
        ) : null}
        <Fact label={t('vendorReturns.fields.refunded')} testId="return-detail-refunded">
          {inr(r.actual_refund_amount ?? 0)}
        </Fact>
        <Fact label={t('vendorReturns.fields.refundType')}>
          {r.refund_type ? t(`vendorReturns.refundChoices.${r.refund_type}`) : '—'}
        </Fact>
      </dl>
      {r.approved_at ? (
        <p className="text-fg-muted" data-testid="return-detail-approval">
          {r.approval_notes ?? t('vendorReturns.detail.approved')} ·{' '}
          {formatTimestamp(r.approved_at, i18n.language)}
        </p>
      ) : null}
      {r.notes ? <p className="whitespace-pre-line text-fg">{r.notes}</p> : null}
    </>
  );
}

/** The returned delivery lines: item, quantity × rate, condition and source delivery. */
export function ReturnLines({ record: r }: { record: VendorReturn }) {
  const { t } = useTranslation();
  const date = useReturnDate();
  return (
    <Section title={t('vendorReturns.detail.lines')}>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {r.items.map((line) => {
          const dl = line.expand?.delivery_item;
          const unit = dl?.expand?.item?.unit;
          const delivery = dl?.expand?.delivery;
          const gst = gstOf(headsOf(line));
          return (
            <li key={line.id} className="flex items-start justify-between gap-3 px-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium text-fg">{dl?.expand?.item?.name ?? '—'}</p>
                <p className="text-xs text-fg-muted">
                  {formatQuantity(line.quantity_returned, unit)} × {inr(line.return_rate)} ·{' '}
                  {t(`vendorReturns.conditions.${line.condition}`)}
                  {delivery
                    ? ` · ${t('vendorReturns.wizard.fromDelivery', {
                        date: date(delivery.delivery_date),
                        reference: delivery.delivery_reference ?? '—',
                      })}`
                    : ''}
                </p>
              </div>
              <span className="shrink-0 text-right">
                <span className="block font-medium tabular-nums text-fg">
                  {inr(line.return_amount)}
                </span>
                {dl?.gst_rate !== null && dl?.gst_rate !== undefined ? (
                  <span className="block text-xs tabular-nums text-fg-muted">
                    {t('vendorReturns.gst.lineGst', {
                      rate: formatGstRate(t, dl.gst_rate),
                      amount: formatInr(gst),
                    })}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
