import type { Vendor } from '@siteledger/domain';
import { Download, FileText, FolderOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoGrid } from '../../components/auth-image';
import { PhotoUploader } from '../../components/photo-uploader';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { ApiError, errorMessage } from '../../lib/api-client';
import { fileUrl, useDeleteRecordFile } from '../../lib/files-api';
import { i18n } from '../../lib/i18n';
import { useSiteId } from '../../lib/site-records';
import { isPdf } from './vendor-format';

/** Fetches a file (the session cookie goes with it) and hands it to the browser as a download. */
async function downloadFile(siteId: string, name: string, saveAs: string): Promise<void> {
  const response = await fetch(fileUrl(siteId, name), { credentials: 'same-origin' });
  if (!response.ok) {
    throw new ApiError(response.status, 'UNKNOWN', i18n.t('vendors.files.downloadFailed'));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = saveAs;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

function PdfRow({
  name,
  label,
  saveAs,
  onRemove,
}: {
  name: string;
  label: string;
  saveAs: string;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <li
      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-2 pr-2.5"
      data-testid="vendor-file-pdf"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-danger-soft text-danger-soft-fg">
        <FileText className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">{label}</p>
        <p className="text-xs text-fg-muted">{t('vendors.files.pdf')}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="h-10 md:h-9"
        loading={busy}
        icon={<Download className="size-4" aria-hidden="true" />}
        onClick={() => {
          setBusy(true);
          downloadFile(siteId, name, saveAs)
            .catch((error: unknown) => toast.error(errorMessage(error, t)))
            .finally(() => setBusy(false));
        }}
        aria-label={t('vendors.files.downloadNamed', { name: label })}
      >
        <span className="hidden sm:inline">{t('vendors.files.download')}</span>
      </Button>
      {onRemove ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 hover:text-danger md:size-9"
          onClick={onRemove}
          aria-label={t('vendors.files.removeNamed', { name: label })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

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
