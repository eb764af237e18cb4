/**
 * The business's logo in Settings → Business (issue 47: its purchase and work orders print it):
 * a thumbnail, "Upload logo"/"Change logo" (a PNG or JPEG of at most BUSINESS_LOGO_MAX_MB, checked
 * here before sending; the server checks the bytes) and "Remove logo".
 */
import { BUSINESS_LOGO_MAX_MB, BUSINESS_LOGO_TYPES, type Business } from '@siteledger/domain';
import { ImageOff, ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import {
  useBusinessLogo,
  useRemoveBusinessLogo,
  useUploadBusinessLogo,
} from '../../data/businesses';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useBlobUrl } from '../../lib/blob-url';

const TYPES: readonly string[] = BUSINESS_LOGO_TYPES;

/** Why a chosen file cannot be the logo, before it is sent. */
export function logoProblem(file: File): 'type' | 'size' | null {
  if (!TYPES.includes(file.type)) return 'type';
  if (file.size > BUSINESS_LOGO_MAX_MB * 1024 * 1024) return 'size';
  return null;
}

const FRAME =
  'flex h-16 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-white p-1.5';

function Thumbnail({ business }: { business: Business }) {
  const { t } = useTranslation();
  const image = useBusinessLogo(business);
  const url = useBlobUrl(image.data);
  if (!business.logo) {
    return (
      <div
        className={cn(FRAME, 'border-dashed bg-surface-muted text-xs text-fg-subtle')}
        data-testid="business-logo-none"
      >
        {t('business.logo.none')}
      </div>
    );
  }
  if (image.isError) {
    return (
      <div
        role="img"
        aria-label={t('kit.files.loadFailed')}
        className={cn(FRAME, 'bg-surface-muted text-fg-subtle')}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </div>
    );
  }
  if (!url) return <Skeleton className="h-16 w-32 shrink-0 rounded-lg" />;
  return (
    <div className={FRAME}>
      <img
        src={url}
        alt={t('business.logo.alt', { name: business.name })}
        className="max-h-full max-w-full object-contain"
        data-testid="business-logo-image"
      />
    </div>
  );
}

export function BusinessLogo({ business }: { business: Business }) {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const upload = useUploadBusinessLogo();
  const remove = useRemoveBusinessLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const choose = (file: File) => {
    const issue = logoProblem(file);
    if (issue) {
      setProblem(
        issue === 'type'
          ? t('business.logo.invalidType')
          : t('business.logo.tooLarge', { max: BUSINESS_LOGO_MAX_MB }),
      );
      return;
    }
    setProblem(null);
    upload.mutate(
      { id: business.id, file },
      {
        onSuccess: () => toast.success(t('business.logo.saved')),
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };

  return (
    <div className="space-y-2" data-testid="business-logo">
      <p className="text-sm font-medium text-fg">{t('business.logo.title')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Thumbnail business={business} />
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap gap-2">
            <label
              htmlFor={inputId}
              aria-disabled={busy || undefined}
              className={cn(
                buttonClasses('secondary', 'md'),
                'h-11 cursor-pointer has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-ring sm:h-10',
                busy && 'pointer-events-none opacity-60',
              )}
            >
              <ImageUp className="size-4" aria-hidden="true" />
              {upload.isPending
                ? t('business.logo.uploading')
                : business.logo
                  ? t('business.logo.change')
                  : t('business.logo.upload')}
              <input
                id={inputId}
                type="file"
                accept={BUSINESS_LOGO_TYPES.join(',')}
                className="sr-only"
                disabled={busy}
                data-testid="business-logo-input"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen) choose(chosen);
                }}
              />
            </label>
            {business.logo ? (
              <Button
                variant="ghost"
                className="h-11 sm:h-10"
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                loading={remove.isPending}
                disabled={busy}
                onClick={() => {
                  setProblem(null);
                  remove.mutate(business.id, {
                    onSuccess: () => toast.success(t('business.logo.removed')),
                    onError: (error) => setProblem(errorMessage(error, t)),
                  });
                }}
                data-testid="business-logo-remove"
              >
                {t('business.logo.remove')}
              </Button>
            ) : null}
          </div>
          {problem ? (
            <p className="text-sm text-danger" role="alert" data-testid="business-logo-error">
              {problem}
            </p>
          ) : (
            <p className="text-xs text-fg-muted">
              {t('business.logo.hint', { max: BUSINESS_LOGO_MAX_MB })}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
