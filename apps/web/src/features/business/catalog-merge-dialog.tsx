/**
 * "Merge items and services" (issue 47): one group of the business's duplicate items (or
 * services) — the same "Cement" in bags entered on each site — becomes its first record. The
 * dialog first asks the server what would happen (the kept one, the merged ones with their sites,
 * how many records move); "Merge" then does it. Nothing is re-valued: each site's stock of the
 * kept item is what it had of them all (the shell is merge-confirm-dialog.tsx).
 */
import type { Business, CatalogDuplicates, CatalogMergeResult } from '@siteledger/domain';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_RECORDS,
  useCatalogMergePreview,
  useMergeCatalog,
  type CatalogMergeChoice,
} from '../../data/businesses';
import { MergeConfirmDialog, MergeConfirmForm, type Refusals } from './merge-confirm-dialog';

export type CatalogGroup = CatalogDuplicates['groups'][number];

/** Bags and kilograms are never one material: the refusal said plainly. */
const REFUSALS: Refusals = {
  field: 'records',
  messages: {
    unit_mismatch: 'business.catalogMerge.unitMismatch',
    invalid_reference: 'business.catalogMerge.invalidReference',
  },
};

/** The catalogue merge names what moves `moved`, not `records`. */
const moved = (result: CatalogMergeResult) => result.moved;

function RecordLine({ name, unit, site }: { name: string; unit: string; site: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="break-words font-medium text-fg">{name}</p>
      <p className="break-words text-xs text-fg-muted">
        {t('business.catalogMerge.unit', { unit })}
      </p>
      {site ? (
        <p className="break-words text-xs text-fg-muted">
          {t('business.catalogMerge.onSite', { site })}
        </p>
      ) : null}
    </>
  );
}

function CatalogMergeForm({
  business,
  group,
  onDone,
}: {
  business: Business;
  group: CatalogGroup;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [keep, ...others] = group.records;
  const choice: CatalogMergeChoice = {
    business: business.id,
    kind: group.kind,
    keep: keep?.id ?? '',
    records: others.map((record) => record.id),
  };
  const preview = useCatalogMergePreview(choice, Boolean(keep) && others.length > 0);
  const merge = useMergeCatalog();
  const siteOf = new Map(group.records.map((record) => [record.id, record.site_name]));
  // All of a group share one unit (the server refuses any other): the kept one's, or the group's.
  const unit = preview.data?.keep.unit ?? group.unit;
  return (
    <MergeConfirmForm
      testId="catalog-merge"
      keys="business.catalogMerge"
      tables={CATALOG_RECORDS}
      preview={preview}
      merge={merge}
      variables={{ ...choice, sites: business.sites.map((site) => site.id) }}
      refusals={REFUSALS}
      counts={moved}
      mergedIcon={<Package aria-hidden="true" />}
      renderParty={(record) => (
        <RecordLine name={record.name} unit={unit} site={siteOf.get(record.id) ?? ''} />
      )}
      movesNote={<p className="text-xs text-fg-muted">{t('business.catalogMerge.stockNote')}</p>}
      onDone={onDone}
    />
  );
}

export function CatalogMergeDialog({
  business,
  group,
  onOpenChange,
}: {
  business: Business;
  /** The group to merge; null: closed. */
  group: CatalogGroup | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <MergeConfirmDialog
      testId="catalog-merge"
      keys="business.catalogMerge"
      group={group}
      onOpenChange={onOpenChange}
    >
      {(open, onDone) => <CatalogMergeForm business={business} group={open} onDone={onDone} />}
    </MergeConfirmDialog>
  );
}
