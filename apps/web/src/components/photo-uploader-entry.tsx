/** One picked file in <PhotoUploader>: thumbnail, name, what is happening to it, retry / dismiss. */
import { CheckCircle2, FileImage, FileText, RotateCcw, X, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';
import type { UploadEntry } from './use-upload-queue';

/** The picked file's own thumbnail; an icon for files the browser cannot show (PDF, HEIC). */
function Preview({ entry }: { entry: UploadEntry }) {
  const isImage = entry.file.type.startsWith('image/');
  const [broken, setBroken] = useState(false);
  const pdf = /\.pdf$/i.test(entry.file.name) || entry.file.type === 'application/pdf';
  if (!isImage || broken) {
    const Icon = pdf ? FileText : FileImage;
    return (
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-lg',
          pdf ? 'bg-danger-soft text-danger-soft-fg' : 'bg-surface-muted text-fg-subtle',
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={entry.preview}
      alt=""
      onError={() => setBroken(true)}
      className="size-12 shrink-0 rounded-lg bg-surface-muted object-cover"
    />
  );
}

function StatusLine({ entry, testId }: { entry: UploadEntry; testId: string }) {
  const { t } = useTranslation();
  const name = entry.file.name;
  switch (entry.status) {
    case 'error':
      return (
        <p className="text-xs text-danger" role="alert" data-testid={`${testId}-error`}>
          {entry.error}
        </p>
      );
    case 'done':
      return (
        <p className="flex items-center gap-1 text-xs text-success-soft-fg">
          <CheckCircle2 className="size-3.5" aria-hidden="true" />
          {t('kit.files.uploaded')}
        </p>
      );
    case 'queued':
    case 'uploading':
      return (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
          role="progressbar"
          aria-label={t('kit.files.uploading', { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(entry.progress * 100)}
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${Math.max(4, Math.round(entry.progress * 100))}%` }}
          />
        </div>
      );
    default: {
      const text =
        entry.status === 'converting'
          ? t('uploads.converting', {
              page: entry.page?.current ?? 1,
              count: entry.page?.count ?? 1,
            })
          : t(`uploads.${entry.status}`);
      return <p className="text-xs text-fg-muted">{text}</p>;
    }
  }
}

export function UploadEntryRow({
  entry,
  onRetry,
  onDismiss,
  testId,
}: {
  entry: UploadEntry;
  onRetry: () => void;
  onDismiss: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const name = entry.file.name;
  const working = entry.status !== 'done' && entry.status !== 'error';
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-xl border bg-surface p-2 pr-3',
        entry.status === 'error' ? 'border-danger/40' : 'border-border',
      )}
      data-testid={`${testId}-entry`}
      data-status={entry.status}
    >
      <Preview entry={entry} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-sm font-medium text-fg" title={name}>
          {name}
        </p>
        <StatusLine entry={entry} testId={testId} />
      </div>
      {working && entry.status !== 'waiting' ? (
        <Spinner className="size-4 shrink-0 text-fg-subtle" />
      ) : null}
      {entry.status === 'error' && entry.retryable ? (
        <EntryAction onClick={onRetry} label={t('kit.files.retry', { name })} icon={RotateCcw} />
      ) : null}
      {!working ? (
        <EntryAction onClick={onDismiss} label={t('kit.files.dismiss', { name })} icon={X} />
      ) : null}
    </li>
  );
}

/** An upload's icon button (retry, dismiss), named for its file. */
function EntryAction({
  onClick,
  label,
  icon: Icon,
}: {
  onClick: () => void;
  label: string;
  icon: LucideIcon;
}) {
  return (
    <Button variant="ghost" size="icon" onClick={onClick} aria-label={label}>
      <Icon className="size-4" aria-hidden="true" />
    </Button>
  );
}
