import type { Payment } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { AllocationBadge } from './payment-bits';

/** A payment's figures, notes, allocations to deliveries/bookings and credit-note usage. */
export function PaymentDetails({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const facts: [string, ReactNode][] = [
    [t('payments.fields.date'), date(payment.payment_date)],
    [t('payments.fields.amount'), formatRupees(payment.amount)],
    [
      t('payments.view.fromAccount'),
      payment.account_amount > 0
        ? `${formatRupees(payment.account_amount)} · ${payment.expand?.account?.name ?? ''}`
        : formatRupees(0),
    ],
    [t('payments.view.fromCredit'), formatRupees(payment.credit_note_amount)],
    [t('payments.summary.allocated'), formatRupees(payment.allocated_amount)],
    [t('payments.fields.reference'), payment.reference ?? '—'],
  ];
  return (
    <div className="space-y-5" data-testid="payment-details">
      <div className="flex items-center gap-2">
        <AllocationBadge state={payment.allocation_state} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl bg-surface-muted/70 p-4 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="truncate font-medium tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {payment.notes ? (
        <p className="whitespace-pre-line text-sm text-fg-muted">{payment.notes}</p>
      ) : null}

      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-fg">{t('payments.view.allocations')}</h3>
        {payment.payment_allocations.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('payments.view.noAllocations')}</p>
        ) : (
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            data-testid="payment-view-allocations"
          >
            {payment.payment_allocations.map((a) => {
              const d = a.expand?.delivery;
              const b = a.expand?.service_booking;
              return (
                <li
                  key={a.id}
                  className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm"
                >
                  <div className="min-w-0">
                    {a.delivery ? (
                      <Link
                        to={`/deliveries/${a.delivery}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {t('payments.form.deliveryLabel', {
                          reference: d?.delivery_reference ?? t('payments.form.noReference'),
                        })}
                      </Link>
                    ) : (
                      <p className="font-medium text-fg">
                        {t('payments.form.bookingLabel', { service: b?.service_name ?? '' })}
                      </p>
                    )}
                    <p className="text-xs text-fg-muted">
                      {date(d?.delivery_date ?? b?.start_date ?? '')}
                    </p>
                  </div>
                  <span className="font-medium tabular-nums">
                    {formatRupees(a.allocated_amount)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {payment.credit_note_usage.length > 0 ? (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-fg">{t('payments.view.creditUsage')}</h3>
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            data-testid="payment-view-credit"
          >
            {payment.credit_note_usage.map((u) => (
              <li
                key={u.id}
                className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium text-fg">
                    {u.expand?.credit_note?.reference ?? t('payments.form.noReference')}
                  </p>
                  <p className="text-xs text-fg-muted">
                    {t('payments.view.balanceNow', {
                      amount: formatRupees(u.expand?.credit_note?.balance ?? 0),
                    })}
                  </p>
                </div>
                <span className="font-medium tabular-nums">{formatRupees(u.used_amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
