/** A work order's approved variations: which line, its quantity before and after, and why. */
import type { WorkOrder } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatBusinessDate } from '../../lib/dates';
import { formatQuantity } from '../../lib/quantity-format';

export function WoVariationsCard({ order }: { order: WorkOrder }) {
  const { t, i18n } = useTranslation();
  if (order.variations.length === 0) return null;
  const unitOf = (lineId: string) => order.lines.find((line) => line.id === lineId)?.unit;
  return (
    <Card data-testid="wo-variations">
      <CardHeader>
        <CardTitle>
          {t('workOrders.variation.listTitle', { count: order.variations.length })}
        </CardTitle>
      </CardHeader>
      <CardBody>
        <ol className="divide-y divide-border text-sm">
          {order.variations.map((variation) => {
            const unit = unitOf(variation.work_order_line);
            return (
              <li key={variation.id} className="py-2.5">
                <p className="font-medium text-fg">{variation.description}</p>
                <p className="text-fg-muted">
                  {t('workOrders.variation.change', {
                    from: formatQuantity(variation.old_quantity, unit),
                    to: formatQuantity(variation.new_quantity, unit),
                    date: formatBusinessDate(variation.variation_date, i18n.language),
                  })}
                  {' · '}
                  {variation.reason}
                </p>
              </li>
            );
          })}
        </ol>
      </CardBody>
    </Card>
  );
}
