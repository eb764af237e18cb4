/** After the create form saved: the server's total and a chance to add photos of the challan. */
import { formatInr, toPaise, type Delivery } from '@siteledger/domain';
import { useNavigate } from 'react-router';
import { StatusBadge } from '../../components/ui/status-badge';
import { WizardSaved, WizardSavedFooter } from '../../components/wizard-parts';
import { useEntityRecords } from '../../lib/entity-options';

export function DeliverySaved({ delivery }: { delivery: Delivery }) {
  const [known] = useEntityRecords('vendors', [delivery.expand?.vendor ? null : delivery.vendor]);
  const vendor = delivery.expand?.vendor?.name ?? known?.name;
  return (
    <WizardSaved
      ns="deliveries"
      testId="delivery-saved"
      summary={{ count: delivery.delivery_items?.length ?? 0, vendor: vendor ?? '—' }}
      total={formatInr(toPaise(delivery.total_amount))}
      badge={<StatusBadge kind="payment" status={delivery.payment_status} />}
      collection="deliveries"
      recordId={delivery.id}
    />
  );
}

export function DeliverySavedFooter({
  delivery,
  onDone,
}: {
  delivery: Delivery;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  return (
    <WizardSavedFooter
      ns="deliveries"
      testId="delivery-wizard"
      onView={() => {
        onDone();
        void navigate(`/deliveries/${delivery.id}`);
      }}
      onDone={onDone}
    />
  );
}
