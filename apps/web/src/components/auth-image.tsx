/**
 * Images that need the session: fetched from GET /api/files/{siteId}/{name} (lib/files-api.ts,
 * through the API client) and shown from a blob URL (revoked when unmounted). Grids of them with a
 * full-screen viewer are in photo-grid.tsx.
 *
 *   <AuthImage name={delivery.photos[0]} alt={t('…')} className="size-24 rounded-lg" />
 */
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { useFileBlob } from '../lib/files-api';
import { Skeleton } from './ui/skeleton';
import { useBlobUrl } from '../lib/blob-url';

export function AuthImage({
  name,
  alt,
  className,
  fit = 'cover',
  testId,
}: {
  name: string;
  alt: string;
  className?: string;
  fit?: 'cover' | 'contain';
  testId?: string;
}) {
  const { t } = useTranslation();
  const file = useFileBlob(name);
  const url = useBlobUrl(file.data);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (file.isError || (url !== null && brokenUrl === url)) {
    return (
      <div
        role="img"
        aria-label={t('kit.files.loadFailed')}
        title={t('kit.files.loadFailed')}
        className={cn(
          'flex flex-col items-center justify-center gap-1 bg-surface-muted p-2 text-center text-xs text-fg-subtle',
          className,
        )}
        data-testid={testId}
      >
        <ImageOff className="size-5" aria-hidden="true" />
        <span className="line-clamp-2">{t('kit.files.loadFailed')}</span>
      </div>
    );
  }
  if (!url) return <Skeleton className={cn('rounded-none', className)} />;
  return (
    <img
      src={url}
      alt={alt}
      onError={() => setBrokenUrl(url)}
      className={cn(fit === 'cover' ? 'object-cover' : 'object-contain', className)}
      data-testid={testId}
    />
  );
}
