/**
 * Add photos to a saved record: "Take photo" (camera, on touch devices) and "Choose photos"
 * (several at once). Each file uploads on its own so each gets its own progress and its own error
 * (413 FILE_TOO_LARGE / 415 INVALID_FILE_TYPE show the server's message). The record's queries are
 * refreshed after each upload.
 *
 *   <PhotoUploader collection="deliveries" recordId={delivery.id}
 *     onUploaded={(result) => …result.files} testId="delivery-photo-upload" />
 *   <PhotoGrid names={delivery.photos} />     // from components/auth-image
 *
 * For a record being created: save it first, then show the uploader for its id.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Camera, CheckCircle2, FileImage, ImagePlus, RotateCcw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { uploadRecordFile, type FileCollection, type UploadResult } from '../lib/files-api';
import { invalidateRecords, useSiteId } from '../lib/site-records';
import { Button } from './ui/button';
import { useMediaQuery } from './ui/data-table';
import { Spinner } from './ui/spinner';

interface Entry {
  key: string;
  file: File;
  preview: string;
  status: 'queued' | 'uploading' | 'done' | 'error';
  progress: number;
  error?: string;
}

export interface PhotoUploaderProps {
  collection: FileCollection;
  recordId: string;
  onUploaded?: (result: UploadResult) => void;
  /** Default image/*; e.g. "image/*,application/pdf" where PDFs are allowed. */
  accept?: string;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

let counter = 0;

/** The picked file's own thumbnail; an icon for files the browser cannot show. */
function Preview({ entry }: { entry: Entry }) {
  const [broken, setBroken] = useState(!entry.file.type.startsWith('image/'));
  return broken ? (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-fg-subtle">
      <FileImage className="size-5" aria-hidden="true" />
    </span>
  ) : (
    <img
      src={entry.preview}
      alt=""
      onError={() => setBroken(true)}
      className="size-12 shrink-0 rounded-lg bg-surface-muted object-cover"
    />
  );
}

export function PhotoUploader({
  collection,
  recordId,
  onUploaded,
  accept = 'image/*',
  disabled = false,
  className,
  testId = 'photo-uploader',
}: PhotoUploaderProps) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  const touch = useMediaQuery('(pointer: coarse)');
  const [entries, setEntries] = useState<Entry[]>([]);
  const cameraInput = useRef<HTMLInputElement>(null);
  const pickInput = useRef<HTMLInputElement>(null);
  const previews = useRef<string[]>([]);

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const patch = (key: string, change: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const upload = async (entry: Entry) => {
    patch(entry.key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const result = await uploadRecordFile(siteId, collection, recordId, entry.file, (fraction) =>
        patch(entry.key, { progress: fraction }),
      );
      patch(entry.key, { status: 'done', progress: 1 });
      onUploaded?.(result);
      await invalidateRecords(queryClient, siteId, [collection]);
    } catch (error) {
      patch(entry.key, { status: 'error', error: errorMessage(error, t) });
    }
  };

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const added = Array.from(files).map((file): Entry => {
      counter += 1;
      const preview = URL.createObjectURL(file);
      previews.current.push(preview);
      return { key: `upload-${counter}`, file, preview, status: 'queued', progress: 0 };
    });
    setEntries((list) => [...list, ...added]);
    for (const entry of added) await upload(entry);
  };

  const busy = entries.some((e) => e.status === 'uploading' || e.status === 'queued');
  const remove = (key: string) => setEntries((list) => list.filter((e) => e.key !== key));

  return (
    <div className={cn('space-y-3', className)} data-testid={testId}>
      <div className="flex flex-wrap gap-2">
        {touch ? (
          <Button
            variant="secondary"
            className="h-11 flex-1 sm:flex-none"
            disabled={disabled}
            onClick={() => cameraInput.current?.click()}
            icon={<Camera className="size-4" aria-hidden="true" />}
            data-testid={`${testId}-camera`}
          >
            {t('kit.files.takePhoto')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          className="h-11 flex-1 sm:h-10 sm:flex-none"
          disabled={disabled}
          onClick={() => pickInput.current?.click()}
          icon={<ImagePlus className="size-4" aria-hidden="true" />}
          data-testid={`${testId}-choose`}
        >
          {t('kit.files.choose')}
        </Button>
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            void addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={pickInput}
          type="file"
          accept={accept}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t('kit.files.choose')}
          data-testid={`${testId}-input`}
          onChange={(event) => {
            void addFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {entries.length ? (
        <ul className="space-y-2" aria-live="polite" aria-busy={busy || undefined}>
          {entries.map((entry) => (
            <li
              key={entry.key}
              className={cn(
                'flex items-center gap-3 rounded-xl border bg-surface p-2 pr-3',
                entry.status === 'error' ? 'border-danger/40' : 'border-border',
              )}
              data-testid={`${testId}-entry`}
              data-status={entry.status}
            >
              <Preview entry={entry} />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="truncate text-sm font-medium text-fg">{entry.file.name}</p>
                {entry.status === 'error' ? (
                  <p className="text-xs text-danger" role="alert" data-testid={`${testId}-error`}>
                    {entry.error}
                  </p>
                ) : entry.status === 'done' ? (
                  <p className="flex items-center gap-1 text-xs text-success-soft-fg">
                    <CheckCircle2 className="size-3.5" aria-hidden="true" />
                    {t('kit.files.uploaded')}
                  </p>
                ) : (
                  <div
                    className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
                    role="progressbar"
                    aria-label={t('kit.files.uploading', { name: entry.file.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(entry.progress * 100)}
                  >
                    <div
                      className="h-full rounded-full bg-primary transition-[width]"
                      style={{ width: `${Math.max(4, Math.round(entry.progress * 100))}%` }}
                    />
                  </div>
                )}
              </div>
              {entry.status === 'uploading' || entry.status === 'queued' ? (
                <Spinner className="size-4 shrink-0 text-fg-subtle" />
              ) : null}
              {entry.status === 'error' ? (
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => void upload(entry)}
                  aria-label={t('kit.files.retry', { name: entry.file.name })}
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                </Button>
              ) : null}
              {entry.status === 'error' || entry.status === 'done' ? (
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => remove(entry.key)}
                  aria-label={t('kit.files.dismiss', { name: entry.file.name })}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
