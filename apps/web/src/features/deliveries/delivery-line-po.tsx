/**
 * Under a saved delivery line received against a purchase order: "PO/2026-27/0001 · ordered 100
 * bags · received 60 bags" (a link to the order) and, when the line was billed at another rate
 * than the order's, a warning badge "Rate differs from PO (₹400.00)".
 */
import { formatInr, toPaise, type RefOrderLine } from '@siteledger/domain';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { formatQuantity } from '../../components/ui/quantity-field';

export function DeliveryLinePo({
  orderLine,
  unitPrice,
  unit,
  testId,
}: {
  orderLine: RefOrderLine;
  /** The delivery line's rate (rupees). */
  unitPrice: number;
  unit: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const differs = toPaise(unitPrice) !== toPaise(orderLine.unit_price);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs" data-testid={testId}>
      <Link
        to={`/purchase-orders/${orderLine.purchase_order}`}
        className="rounded font-medium text-primary hover:text-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        data-testid={`${testId}-link`}
      >
        {t('deliveries.poLine.summary', {
          number: orderLine.purchase_order_number ?? t('deliveries.po.draft'),
          ordered: formatQuantity(orderLine.quantity, unit),
          received: formatQuantity(orderLine.received_quantity, unit),
        })}
      </Link>
      {differs ? (
        <Badge tone="warning" className="gap-1">
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
          <span data-testid={`${testId}-rate-warning`}>
            {t('deliveries.po.rateDiffers', {
              rate: formatInr(toPaise(orderLine.unit_price)),
            })}
          </span>
        </Badge>
      ) : null}
    </div>
  );
}
