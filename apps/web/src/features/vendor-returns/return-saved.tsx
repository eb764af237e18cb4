/** After the return form saved: the return's total and status, and a chance to add photos. */
import type { VendorReturn } from '@siteledger/domain';
import { StatusBadge } from '../../components/ui/status-badge';
import { WizardSaved, WizardSavedFooter } from '../../components/wizard-parts';
import { RETURNS } from './api';
import { inr } from './money';
import { ReturnGstFigures } from './return-gst-figures';
import { returnBadgeStatus } from './return-status';

export function ReturnSaved({ saved, vendor }: { saved: VendorReturn; vendor: string }) {
  return (
    <WizardSaved
      ns="vendorReturns"
      testId="return-saved"
      summary={{ count: saved.items.length, vendor }}
      total={inr(saved.total_return_amount)}
      badge={<StatusBadge kind="return" status={returnBadgeStatus(saved)} />}
      collection={RETURNS}
      recordId={saved.id}
    >
      <ReturnGstFigures record={saved} testId="return-saved" className="w-full max-w-xs" />
    </WizardSaved>
  );
}

export function ReturnSavedFooter({ onView, onDone }: { onView: () => void; onDone: () => void }) {
  return (
    <WizardSavedFooter ns="vendorReturns" testId="return-wizard" onView={onView} onDone={onDone} />
  );
}
