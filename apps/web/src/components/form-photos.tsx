/**
 * Photos taken inside a create form, before the record exists (issue 38): "Take photo" (camera on
 * phones) or "Choose photos"; each is checked (JPEG, PNG, WebP, HEIC; `max_upload_mb`) and made
 * smaller here, then kept in the form until it saves. The form uploads them to the new record, or
 * keeps them with the record in the offline queue (lib/queued-photos.ts).
 *
 *   const [photos, setPhotos] = useState<File[]>([]);
 *   <FormPhotos value={photos} onChange={setPhotos} testId="delivery-form-photos" />
 */
import { X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/app-config';
import { downscaleImage } from '../lib/image-resize';
import { isResizable, isTooLarge, readUploadKind } from '../lib/upload-checks';
import { PhotoSourceButtons } from './photo-source-buttons';
import { useMediaQuery } from './ui/data-table';

const DEFAULT_MAX_MB = 10;

export function FormPhotos({
  value,
  onChange,
  title,
  testId,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const touch = useMediaQuery('(pointer: coarse)');
  const maxMb = useAppConfig().data?.max_upload_mb ?? DEFAULT_MAX_MB;
  const camera = useRef<HTMLInputElement>(null);
  const pick = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const previews = useMemo(() => value.map((file) => URL.createObjectURL(file)), [value]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const add = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    setBusy(true);
    setProblem(null);
    const kept: File[] = [];
    for (const file of files) {
      const kind = await readUploadKind(file).catch(() => null);
      if (!kind || kind === 'pdf') {
        setProblem(t('uploads.invalidType'));
        continue;
      }
      const ready = isResizable(kind) ? await downscaleImage(file, kind).catch(() => file) : file;
      if (isTooLarge(ready.size, maxMb)) {
        setProblem(t('uploads.tooLarge', { max: maxMb }));
        continue;
      }
      kept.push(ready);
    }
    setBusy(false);
    if (kept.length > 0) onChange([...latest.current, ...kept]);
  };

  const input = (ref: typeof camera, capture: boolean) => (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      {...(capture ? { capture: 'environment' as const } : { multiple: true })}
      className="sr-only"
      tabIndex={-1}
      aria-hidden={capture || undefined}
      aria-label={capture ? undefined : t('kit.files.choose')}
      data-testid={capture ? undefined : `${testId}-input`}
      onChange={(event) => {
        void add(event.target.files);
        event.target.value = '';
      }}
    />
  );

  return (
    <section className="space-y-3" data-testid={testId} aria-busy={busy || undefined}>
      <div>
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        <p className="text-xs text-fg-muted">{t('uploads.beforeSave')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <PhotoSourceButtons touch={touch} camera={camera} pick={pick} testId={testId} />
        {input(camera, true)}
        {input(pick, false)}
      </div>
      {problem ? (
        <p className="text-sm text-danger" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </p>
      ) : null}
      {value.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {value.map((file, index) => (
            <li
              key={previews[index]}
              className="relative aspect-square overflow-hidden rounded-lg bg-surface-muted"
              data-testid={`${testId}-item`}
            >
              <img
                src={previews[index]}
                alt={t('kit.files.photo', { index: index + 1 })}
                className="size-full object-cover"
              />
              <button
                type="button"
                className="absolute right-1 top-1 flex size-8 items-center justify-center rounded-full bg-fg/70 text-bg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
                aria-label={t('kit.files.remove', { index: index + 1 })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                data-testid={`${testId}-remove-${index}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
              <span className="sr-only">{file.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
