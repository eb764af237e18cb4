/**
 * Settings → Business → "Duplicate vendors" (issue 47): the business's vendors that look like one
 * party (the same GSTIN, or the same name without one) across its sites, each group with the way
 * to merge it into its first vendor (vendor-merge-dialog.tsx). The section itself is
 * duplicates-section.tsx, shared with the duplicate accounts.
 */
import type { Business } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { useVendorDuplicates } from '../../data/businesses';
import { DuplicatesSection } from './duplicates-section';
import { VendorMergeDialog, type DuplicateGroup } from './vendor-merge-dialog';

function GroupVendors({ group }: { group: DuplicateGroup }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 space-y-1">
      <p className="flex flex-wrap items-center gap-2 break-words font-medium text-fg">
        <span className="min-w-0 break-words">{group.name}</span>
        {group.gstin ? null : <Badge tone="info">{t('business.merge.reason.name')}</Badge>}
      </p>
      {group.gstin ? (
        <p className="font-mono text-xs text-fg-muted">
          <span className="sr-only">{t('business.duplicates.gstin')} </span>
          {group.gstin}
        </p>
      ) : null}
      <ul className="space-y-0.5 text-xs text-fg-muted">
        {group.vendors.map((vendor) => (
          <li key={vendor.id} className="break-words">
            {t('business.duplicates.vendorOnSite', { name: vendor.name, site: vendor.site_name })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function VendorDuplicatesSection({ business }: { business: Business }) {
  const duplicates = useVendorDuplicates(business.id);
  return (
    <DuplicatesSection
      testId="business-vendor-duplicate"
      keys="business.duplicates"
      duplicates={duplicates}
      ids={(group) => group.vendors.map((vendor) => vendor.id)}
      renderGroup={(group) => <GroupVendors group={group} />}
      renderDialog={(chosen, onOpenChange) => (
        <VendorMergeDialog business={business} group={chosen} onOpenChange={onOpenChange} />
      )}
    />
  );
}
