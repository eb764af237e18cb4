import { Download, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast-context';
import { apiBlob, isApiError } from '../../lib/api-client';
import { saveFile } from '../../lib/downloads';
import { fileUrl } from '../../lib/files-api';
import { useSiteId } from '../../lib/site-records';

/** One PDF kept with a vendor: its label, a download button and (when allowed) remove. */
export function PdfRow({
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
  const download = () => {
    setBusy(true);
    apiBlob(fileUrl(siteId, name))
      .then((blob) => saveFile({ blob, filename: saveAs }))
      .catch((error: unknown) =>
        // The server answered: "Download failed"; no answer at all: the generic message.
        toast.error(
          t(
            isApiError(error) && error.status > 0
              ? 'vendors.files.downloadFailed'
              : 'errors.generic',
          ),
        ),
      )
      .finally(() => setBusy(false));
  };
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
        onClick={download}
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
