/**
 * Add photos to a saved record: "Take photo" (camera, on touch devices), "Choose photos" (several
 * at once) or files dropped on it. Before anything is sent, each file is checked by content (JPEG,
 * PNG, WebP, HEIC; PDF where the collection keeps PDFs) and size (`max_upload_mb`), photos are
 * downscaled to ~2000 px, and a PDF picked where only photos are taken becomes one photo per page
 * once the person agrees. Each file uploads on its own with its own progress and error (the
 * server's 413 / 415 messages too); the record's queries are refreshed after each upload.
 *
 *   <PhotoUploader collection="deliveries" recordId={delivery.id}
 *     onUploaded={(result) => …result.files} testId="delivery-photo-upload" />
 *   <PhotoGrid names={delivery.photos} />     // from components/auth-image
 *
 * For a record being created: save it first, then show the uploader for its id.
 */
import { useId, useRef, useState } from 'react';
import { PhotoSourceButtons } from './photo-source-buttons';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import type { FileCollection, UploadResult } from '../lib/files-api';
import { UPLOAD_ACCEPT } from '../lib/upload-checks';
import { UploadEntryRow } from './photo-uploader-entry';
import { ConfirmDialog } from './ui/confirm-dialog';
import { useMediaQuery } from './ui/data-table';
import { useUploadQueue } from './use-upload-queue';

export interface PhotoUploaderProps {
  collection: FileCollection;
  recordId: string;
  onUploaded?: (result: UploadResult) => void;
  /** The picker's filter; by default the kinds the server takes, plus PDF (converted if need be). */
  accept?: string;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

export function PhotoUploader({
  collection,
  recordId,
  onUploaded,
  accept = UPLOAD_ACCEPT,
  disabled = false,
  className,
  testId = 'photo-uploader',
}: PhotoUploaderProps) {
  const { t } = useTranslation();
  const touch = useMediaQuery('(pointer: coarse)');
  const queue = useUploadQueue(collection, recordId, onUploaded);
  const [dragging, setDragging] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);
  const pickInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const busy = queue.entries.some((e) => e.status !== 'done' && e.status !== 'error');
  const question = queue.question;
  const hint = t(queue.pdfAllowed ? 'uploads.hintWithPdf' : 'uploads.hintImages', {
    max: queue.maxMb,
  });

  return (
    <div
      className={cn(
        'space-y-3 rounded-xl transition-shadow',
        dragging && 'ring-4 ring-ring ring-offset-4 ring-offset-surface',
        className,
      )}
      data-testid={testId}
      onDragOver={(event) => {
        if (disabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        setDragging(false);
        if (disabled || !event.dataTransfer.files.length) return;
        event.preventDefault();
        void queue.addFiles(event.dataTransfer.files);
      }}
    >
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <PhotoSourceButtons
            touch={touch}
            camera={cameraInput}
            pick={pickInput}
            disabled={disabled}
            describedBy={hintId}
            testId={testId}
          />
        </div>
        <p id={hintId} className="text-xs text-fg-muted" data-testid={`${testId}-hint`}>
          {hint}
        </p>
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            void queue.addFiles(event.target.files);
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
            void queue.addFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {queue.entries.length ? (
        <ul className="space-y-2" aria-live="polite" aria-busy={busy || undefined}>
          {queue.entries.map((entry) => (
            <UploadEntryRow
              key={entry.key}
              entry={entry}
              onRetry={() => void queue.retry(entry)}
              onDismiss={() => queue.remove(entry.key)}
              testId={testId}
            />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => {
          if (!open) question?.answer(false);
        }}
        tone="primary"
        title={t('uploads.convert.title')}
        description={question ? t('uploads.convert.body', { count: question.pages }) : undefined}
        confirmLabel={t('uploads.convert.confirm')}
        cancelLabel={t('uploads.convert.cancel')}
        onConfirm={() => question?.answer(true)}
        testId={`${testId}-convert`}
      >
        {question ? (
          <p className="truncate rounded-lg bg-surface-muted px-3 py-2 text-sm text-fg-muted">
            {t('uploads.convert.file', { name: question.name })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
