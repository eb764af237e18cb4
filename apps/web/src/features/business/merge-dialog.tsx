/**
 * "Merge businesses" (issue 47): the owner ticks the other businesses to bring into this one,
 * "Preview" asks the server what would happen (nothing changes), "Merge" does it. Changing the
 * choice drops the preview, so what is merged is always what was previewed. When the preview
 * finds one party on several sites, the owner may also merge those vendors (off unless ticked).
 */
import type { Business, BusinessMergeResult } from '@siteledger/domain';
import { Eye, Merge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Dialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast-context';
import { useMergeBusinesses } from '../../data/businesses';
import { errorMessage } from '../../lib/api-client';
import { MergePreview } from './merge-preview';

function MergeForm({
  business,
  others,
  onDone,
}: {
  business: Business;
  others: Business[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const merge = useMergeBusinesses();
  const [chosen, setChosen] = useState<string[]>([]);
  const [preview, setPreview] = useState<BusinessMergeResult | null>(null);
  const [mergeVendors, setMergeVendors] = useState(false);
  const duplicates = preview?.duplicate_vendors.length ?? 0;

  const toggle = (id: string, on: boolean) => {
    setPreview(null);
    setMergeVendors(false);
    merge.reset();
    setChosen((current) => (on ? [...current, id] : current.filter((one) => one !== id)));
  };
  const run = (asPreview: boolean) =>
    merge.mutate(
      {
        id: business.id,
        others: chosen,
        preview: asPreview,
        mergeVendors: mergeVendors && duplicates > 0,
      },
      {
        onSuccess: (result) => {
          if (result.preview) {
            setPreview(result);
            return;
          }
          const moved = t('business.merge.done', {
            count: result.sites_moved.length,
            name: business.name,
          });
          toast.success(
            result.vendors_merged > 0
              ? t('business.merge.doneWithVendors', { moved, count: result.vendors_merged })
              : moved,
          );
          onDone();
        },
      },
    );

  return (
    <div className="space-y-5">
      <fieldset className="space-y-3" data-testid="business-merge-choices">
        <legend className="mb-2 text-sm font-medium text-fg">{t('business.merge.choose')}</legend>
        {others.map((other) => (
          <CheckboxField
            key={other.id}
            checked={chosen.includes(other.id)}
            onChange={(event) => toggle(other.id, event.target.checked)}
            label={
              <>
                <span className="font-medium text-fg">{other.name}</span>{' '}
                {t('business.sitesCount', { count: other.sites.length })}
              </>
            }
            data-testid={`business-merge-choose-${other.id}`}
          />
        ))}
      </fieldset>
      {preview ? <MergePreview result={preview} /> : null}
      {duplicates > 0 ? (
        <CheckboxField
          checked={mergeVendors}
          onChange={(event) => setMergeVendors(event.target.checked)}
          label={t('business.merge.mergeVendors')}
          data-testid="business-merge-vendors-toggle"
        />
      ) : null}
      {merge.isError ? (
        <Alert tone="error" testId="business-merge-error">
          {errorMessage(merge.error, t)}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          className="h-11 sm:h-10"
          icon={<Eye className="size-4" aria-hidden="true" />}
          disabled={chosen.length === 0 || merge.isPending}
          loading={merge.isPending && merge.variables.preview}
          onClick={() => run(true)}
          data-testid="business-merge-preview-button"
        >
          {t('business.merge.preview')}
        </Button>
        <Button
          className="h-11 sm:h-10"
          icon={<Merge className="size-4" aria-hidden="true" />}
          disabled={!preview || merge.isPending}
          loading={merge.isPending && !merge.variables.preview}
          onClick={() => run(false)}
          data-testid="business-merge-confirm"
        >
          {t('business.merge.confirm')}
        </Button>
      </div>
    </div>
  );
}

export function MergeDialog({
  business,
  others,
  open,
  onOpenChange,
}: {
  business: Business;
  others: Business[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('business.merge.title')}
      description={t('business.merge.description', { name: business.name })}
      testId="business-merge-dialog"
    >
      {open ? (
        <MergeForm business={business} others={others} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}
