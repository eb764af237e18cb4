import type { Vendor } from '@siteledger/domain';
import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoGrid } from '../../components/photo-grid';
import { PhotoUploader } from '../../components/photo-uploader';
import { Card, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useDeleteRecordFile } from '../../lib/files-api';
import { isPdf } from './vendor-format';
import { PdfRow } from './vendor-pdf-row';

/** Bills, GST certificates and photos kept with the vendor (images and PDFs). */
export function VendorFiles({ vendor, canUpdate }: { vendor: Vendor; canUpdate: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteRecordFile('vendors', vendor.id);
  const [removing, setRemoving] = useState<string | null>(null);
  const images = vendor.files.filter((name) => !isPdf(name));
  const pdfs = vendor.files.filter(isPdf);
  const slug = vendor.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'vendor';
  const ask = (name: string) => {
    remove.reset();
    setRemoving(name);
  };

  return (
    <Card className="p-5 sm:p-6" data-testid="vendor-files">
      <div className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle>{t('vendors.files.title')}</CardTitle>
          <p className="text-sm text-fg-muted">{t('vendors.files.description')}</p>
        </div>
      </div>
      <div className="space-y-4">
        {canUpdate ? (
          <PhotoUploader collection="vendors" recordId={vendor.id} testId="vendor-files-upload" />
        ) : null}
        {vendor.files.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-border-strong px-4 py-5 text-sm text-fg-muted">
            <FolderOpen className="size-5 shrink-0 text-fg-subtle" aria-hidden="true" />
            {t('vendors.files.empty')}
          </div>
        ) : null}
        {pdfs.length ? (
          <ul className="space-y-2" aria-label={t('vendors.files.documents')}>
            {pdfs.map((name, index) => {
              const label = t('vendors.files.documentN', { index: index + 1 });
              return (
                <PdfRow
                  key={name}
                  name={name}
                  label={label}
                  saveAs={`${slug}-${index + 1}.pdf`}
                  onRemove={canUpdate ? () => ask(name) : undefined}
                />
              );
            })}
          </ul>
        ) : null}
        <PhotoGrid
          names={images}
          onRemove={canUpdate ? ask : undefined}
          removing={remove.isPending ? remove.variables : null}
          testId="vendor-files-photos"
        />
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('vendors.files.removeTitle')}
        description={t('vendors.files.removeDescription')}
        confirmLabel={t('vendors.files.remove')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing, {
            onSuccess: () => {
              setRemoving(null);
              toast.success(t('vendors.files.removed'));
            },
          });
        }}
        testId="vendor-file-remove-dialog"
      />
    </Card>
  );
}
