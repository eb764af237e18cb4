/** A work order's terms and where its money stands: retention, advance, GST and TDS. */
import type { WorkOrder } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Fact, FactsCard } from '../../components/record-detail/fact';
import { formatBusinessDate } from '../../lib/dates';
import { rupees } from './wo-labels';

export function WoTermsCard({ order }: { order: WorkOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <FactsCard>
      <Fact label={t('workOrders.fields.total')} testId="wo-fact-total">
        {rupees(order.total_amount)}
      </Fact>
      <Fact label={t('workOrders.fields.billed')} testId="wo-fact-billed">
        {rupees(order.billed_amount)}
      </Fact>
      <Fact label={t('workOrders.fields.retentionPercent')} testId="wo-fact-retention">
        {t('workOrders.facts.retention', {
          percent: order.retention_percent,
          days: order.retention_due_days,
        })}
        <span className="block text-fg-muted">
          {t('workOrders.facts.retentionHeld', {
            held: rupees(order.retention_held),
            released: rupees(order.retention_released),
          })}
          {order.retention_due_date
            ? ` · ${t('workOrders.facts.retentionDue', {
                date: formatBusinessDate(order.retention_due_date, i18n.language),
              })}`
            : ''}
        </span>
      </Fact>
      <Fact label={t('workOrders.fields.advanceAmount')} testId="wo-fact-advance">
        {rupees(order.advance_amount)}
        <span className="block text-fg-muted">
          {t('workOrders.facts.advance', {
            paid: rupees(order.advance_paid),
            recovered: rupees(order.advance_recovered),
            percent: order.advance_recovery_percent,
          })}
        </span>
      </Fact>
      <Fact label={t('workOrders.fields.gstRate')}>
        {order.gst_rate === null ? t('gst.noGst') : `${order.gst_rate} %`}
      </Fact>
      <Fact label={t('workOrders.fields.tdsSection')} testId="wo-fact-tds">
        {order.tds_section ? `§ ${order.tds_section}` : t('workOrders.form.tdsNone')}
      </Fact>
    </FactsCard>
  );
}
