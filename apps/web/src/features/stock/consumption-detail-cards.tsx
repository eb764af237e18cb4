import type { StockConsumption } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Fact, FactsCard } from '../../components/record-detail/fact';
import { Link } from 'react-router';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';

/** The item (to its page), quantity, date, work, value and notes. */
export function ConsumptionFactsCard({ consumption }: { consumption: StockConsumption }) {
  const { t, i18n } = useTranslation();
  return (
    <FactsCard>
      <Fact label={t('stock.fields.item')} testId="consumption-detail-item">
        <Link
          to={`/items/${consumption.item}`}
          className="font-medium hover:text-primary hover:underline"
        >
          {consumption.item_name}
        </Link>
      </Fact>
      <Fact label={t('stock.fields.quantity')} testId="consumption-detail-quantity">
        <span className="font-semibold tabular-nums">
          {formatQuantity(consumption.quantity, consumption.unit)}
        </span>
      </Fact>
      <Fact label={t('stock.fields.consumptionDate')}>
        {formatBusinessDate(consumption.consumption_date, i18n.language)}
      </Fact>
      <Fact label={t('stock.fields.usedFor')} testId="consumption-detail-used-for">
        {consumption.used_for ?? '—'}
      </Fact>
      <Fact label={t('stock.fields.value')} testId="consumption-detail-value">
        <span className="tabular-nums">{formatRupees(consumption.value)}</span>
      </Fact>
      {consumption.notes ? (
        <Fact label={t('stock.fields.notes')} testId="consumption-detail-notes">
          {consumption.notes}
        </Fact>
      ) : null}
    </FactsCard>
  );
}
