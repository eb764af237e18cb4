/** After the return form saved: the return's total and status, and a chance to add photos. */
import type { VendorReturn } from '@siteledger/domain';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PhotoUploader } from '../../components/photo-uploader';
import { Button } from '../../components/ui/button';
import { StatusBadge } from '../../components/ui/status-badge';
import { RETURNS } from './api';
import { inr } from './money';
import { ReturnGstFigures } from './return-gst-figures';
import { returnBadgeStatus } from './return-status';

const lg = 'sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm';

export function ReturnSaved({ saved, vendor }: { saved: VendorReturn; vendor: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" data-testid="return-saved">
      <div className="flex flex-col items-center gap-3 pt-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-success-soft text-success-soft-fg">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <p className="text-lg font-semibold text-fg">{t('vendorReturns.saved.title')}</p>
          <p className="text-sm text-fg-muted">
            {t('vendorReturns.saved.summary', { count: saved.items.length, vendor })}
          </p>
        </div>
        <p className="flex items-center gap-3">
          <span
            className="text-2xl font-semibold tabular-nums text-fg"
            data-testid="return-saved-total"
          >
            {inr(saved.total_return_amount)}
          </span>
          <StatusBadge kind="return" status={returnBadgeStatus(saved)} />
        </p>
        <ReturnGstFigures record={saved} testId="return-saved" className="w-full max-w-xs" />
      </div>
      <section className="space-y-3 rounded-xl border border-border p-4">
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-fg">{t('vendorReturns.saved.photosTitle')}</h3>
          <p className="text-sm text-fg-muted">{t('vendorReturns.saved.photosHint')}</p>
        </div>
        <PhotoUploader collection={RETURNS} recordId={saved.id} testId="return-saved-photos" />
      </section>
    </div>
  );
}

export function ReturnSavedFooter({ onView, onDone }: { onView: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        className={lg}
        icon={<ExternalLink className="size-4" aria-hidden="true" />}
        onClick={onView}
        data-testid="return-wizard-view"
      >
        {t('vendorReturns.saved.view')}
      </Button>
      <Button size="lg" className={lg} onClick={onDone} data-testid="return-wizard-done">
        {t('vendorReturns.saved.done')}
      </Button>
    </>
  );
}
