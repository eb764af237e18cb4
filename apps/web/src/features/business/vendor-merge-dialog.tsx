/**
 * "Merge vendors" (issue 47): one group of the business's duplicate vendors becomes its first
 * vendor. The dialog first asks the server what would happen (the kept vendor, the ones merged
 * with their sites, how many records move); "Merge" then does it. Nothing is re-entered and no
 * amount changes: each site's figures of the kept vendor are the sums of what the others had
 * (the shell is merge-confirm-dialog.tsx, shared with the account merge).
 */
import type { Business, VendorDuplicates } from '@siteledger/domain';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  useMergeVendors,
  useVendorMergePreview,
  VENDOR_RECORDS,
  type VendorMergeChoice,
} from '../../data/businesses';
import { MergeConfirmDialog, MergeConfirmForm, type Refusals } from './merge-confirm-dialog';

export type DuplicateGroup = VendorDuplicates['groups'][number];

/** Two GSTINs are two parties: the refusal said plainly. */
const REFUSALS: Refusals = {
  field: 'vendors',
  messages: { gstin_mismatch: 'business.vendorMerge.gstinMismatch' },
};

function VendorLine({ name, site, gstin }: { name: string; site: string; gstin?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="break-words font-medium text-fg">{name}</p>
      {gstin ? <p className="font-mono text-xs text-fg-muted">{gstin}</p> : null}
      <p className="text-xs text-fg-muted">{t('business.vendorMerge.onSite', { site })}</p>
    </>
  );
}

function VendorMergeForm({
  business,
  group,
  onDone,
}: {
  business: Business;
  group: DuplicateGroup;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [keep, ...others] = group.vendors;
  const choice: VendorMergeChoice = {
    business: business.id,
    keep: keep?.id ?? '',
    vendors: others.map((vendor) => vendor.id),
  };
  const preview = useVendorMergePreview(choice, Boolean(keep) && others.length > 0);
  const merge = useMergeVendors();
  const siteOf = new Map(group.vendors.map((vendor) => [vendor.id, vendor.site_name]));
  return (
    <MergeConfirmForm
      testId="vendor-merge"
      keys="business.vendorMerge"
      tables={VENDOR_RECORDS}
      preview={preview}
      merge={merge}
      variables={{ ...choice, sites: business.sites.map((site) => site.id) }}
      refusals={REFUSALS}
      mergedIcon={<Users aria-hidden="true" />}
      renderParty={(vendor) => (
        <VendorLine name={vendor.name} gstin={vendor.gstin} site={siteOf.get(vendor.id) ?? ''} />
      )}
      movesNote={<p className="text-xs text-fg-muted">{t('business.vendorMerge.kept')}</p>}
      onDone={onDone}
    />
  );
}

export function VendorMergeDialog({
  business,
  group,
  onOpenChange,
}: {
  business: Business;
  /** The group to merge; null: closed. */
  group: DuplicateGroup | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <MergeConfirmDialog
      testId="vendor-merge"
      keys="business.vendorMerge"
      group={group}
      onOpenChange={onOpenChange}
    >
      {(open, onDone) => <VendorMergeForm business={business} group={open} onDone={onDone} />}
    </MergeConfirmDialog>
  );
}
