/**
 * Settings → Business → "Duplicate items and services" (issue 47): the business's items and
 * services of the same name in the same unit across its sites, each group with the way to merge
 * it into its first record (catalog-merge-dialog.tsx). The section itself is
 * duplicates-section.tsx, shared with the duplicate vendors and accounts.
 */
import type { Business } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { useCatalogDuplicates } from '../../data/businesses';
import { CatalogMergeDialog, type CatalogGroup } from './catalog-merge-dialog';
import { DuplicatesSection } from './duplicates-section';

function GroupRecords({ group }: { group: CatalogGroup }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <p className="flex flex-wrap items-center gap-2 break-words font-medium text-fg">
        <span className="min-w-0 break-words">{group.name}</span>
        <Badge tone="info">{t(`business.catalogDuplicates.kinds.${group.kind}`)}</Badge>
      </p>
      <p className="break-words text-xs text-fg-muted">
        {t('business.catalogDuplicates.unit', { unit: group.unit })}
      </p>
      <ul className="space-y-0.5 text-xs text-fg-muted">
        {group.records.map((record) => (
          <li
            key={record.id}
            className="break-words"
            data-testid={`business-catalog-duplicate-${record.id}`}
          >
            {t('business.catalogDuplicates.recordOnSite', {
              name: record.name,
              site: record.site_name,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CatalogDuplicatesSection({ business }: { business: Business }) {
  const duplicates = useCatalogDuplicates(business.id);
  return (
    <DuplicatesSection
      testId="business-catalog-duplicate"
      keys="business.catalogDuplicates"
      duplicates={duplicates}
      ids={(group) => group.records.map((record) => record.id)}
      renderGroup={(group) => <GroupRecords group={group} />}
      renderDialog={(chosen, onOpenChange) => (
        <CatalogMergeDialog business={business} group={chosen} onOpenChange={onOpenChange} />
      )}
    />
  );
}
