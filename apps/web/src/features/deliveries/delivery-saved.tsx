/** After the create form saved: the server's total and a chance to add photos of the challan. */
import { formatInr, toPaise, type Delivery } from '@siteledger/domain';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PhotoUploader } from '../../components/photo-uploader';
import { Button } from '../../components/ui/button';
import { StatusBadge } from '../../components/ui/status-badge';
import { useEntityRecords } from '../../lib/entity-options';

export function DeliverySaved({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const [known] = useEntityRecords('vendors', [delivery.expand?.vendor ? null : delivery.vendor]);
  const lines = delivery.delivery_items?.length ?? 0;
  const vendor = delivery.expand?.vendor?.name ?? known?.name;
  return (
    <div className="space-y-6" data-testid="delivery-saved">
      <div className="flex flex-col items-center gap-3 pt-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-success-soft text-success-soft-fg">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <p className="text-lg font-semibold text-fg">{t('deliveries.saved.title')}</p>
          <p className="text-sm text-fg-muted">
            {t('deliveries.saved.summary', {
              count: lines,
              vendor: vendor ?? '—',
            })}
          </p>
        </div>
        <p className="flex items-center gap-3">
          <span
            className="text-2xl font-semibold tabular-nums text-fg"
            data-testid="delivery-saved-total"
          >
            {formatInr(toPaise(delivery.total_amount))}
          </span>
          <StatusBadge kind="payment" status={delivery.payment_status} />
        </p>
      </div>
      <section className="space-y-3 rounded-xl border border-border p-4">
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-fg">{t('deliveries.saved.photosTitle')}</h3>
          <p className="text-sm text-fg-muted">{t('deliveries.saved.photosHint')}</p>
        </div>
        <PhotoUploader
          collection="deliveries"
          recordId={delivery.id}
          testId="delivery-saved-photos"
        />
      </section>
    </div>
  );
}

export function DeliverySavedFooter({
  delivery,
  onDone,
}: {
  delivery: Delivery;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
        icon={<ExternalLink className="size-4" aria-hidden="true" />}
        onClick={() => {
          onDone();
          void navigate(`/deliveries/${delivery.id}`);
        }}
        data-testid="delivery-wizard-view"
      >
        {t('deliveries.saved.view')}
      </Button>
      <Button
        size="lg"
        className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
        onClick={onDone}
        data-testid="delivery-wizard-done"
      >
        {t('deliveries.saved.done')}
      </Button>
    </>
  );
}
