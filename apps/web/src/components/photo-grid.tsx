/**
 * Photo thumbnails of a record; tapping one opens a full-screen viewer (arrow keys step through).
 *
 *   <PhotoGrid names={delivery.photos} testId="delivery-photos" />
 *   <PhotoGrid names={…} onRemove={(name) => remove.mutate(name)} removing={remove.variables} />
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { AuthImage } from './auth-image';
import { Spinner } from './ui/spinner';

export function PhotoGrid({
  names,
  onRemove,
  removing,
  className,
  testId = 'photo-grid',
}: {
  names: readonly string[];
  /** Shows a remove button on each thumbnail (only pass it when the role may update). */
  onRemove?: (name: string) => void;
  /** The name being removed (its button spins). */
  removing?: string | null | undefined;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState<number | null>(null);
  const viewing = index !== null;
  // Escape closes the viewer only. A dialog under it (a record's detail) learns that it is no
  // longer the top layer a render later; an Escape in between closed both (return-photos e2e).
  // A window listener in the capture phase runs before the dialogs' own document listeners.
  useEffect(() => {
    if (!viewing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopImmediatePropagation();
      event.preventDefault();
      setIndex(null);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [viewing]);
  if (names.length === 0) return null;
  const current = index === null ? null : names[index];
  const step = (delta: number) =>
    setIndex((value) => (value === null ? value : (value + delta + names.length) % names.length));

  return (
    <>
      <ul
        className={cn('grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6', className)}
        data-testid={testId}
      >
        {names.map((name, i) => (
          <li key={name} className="relative">
            <button
              type="button"
              onClick={() => setIndex(i)}
              className="block aspect-square w-full overflow-hidden rounded-xl border border-border bg-surface-muted focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              aria-label={t('kit.files.open', { index: i + 1, count: names.length })}
              data-testid={`${testId}-item`}
            >
              <AuthImage
                name={name}
                alt={t('kit.files.photo', { index: i + 1 })}
                className="size-full"
              />
            </button>
            {onRemove ? (
              <button
                type="button"
                onClick={() => onRemove(name)}
                disabled={removing === name}
                className="absolute right-1 top-1 flex size-8 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/75 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:opacity-60"
                aria-label={t('kit.files.remove', { index: i + 1 })}
                data-testid={`${testId}-remove`}
              >
                {removing === name ? (
                  <Spinner className="size-4" />
                ) : (
                  <X className="size-4" aria-hidden="true" />
                )}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <RadixDialog.Root open={current != null} onOpenChange={(open) => !open && setIndex(null)}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/95 animate-fade-in" />
          <RadixDialog.Content
            className="fixed inset-0 z-50 flex flex-col focus:outline-none"
            data-testid={`${testId}-viewer`}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              if (event.key === 'ArrowLeft') step(-1);
            }}
          >
            <div className="flex items-center justify-between gap-4 p-3 text-white">
              <RadixDialog.Title className="text-sm font-medium">
                {t('kit.files.photoOf', { index: (index ?? 0) + 1, count: names.length })}
              </RadixDialog.Title>
              <RadixDialog.Description className="sr-only">
                {t('kit.files.viewer')}
              </RadixDialog.Description>
              <RadixDialog.Close
                className="flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/40"
                aria-label={t('common.close')}
              >
                <X className="size-6" aria-hidden="true" />
              </RadixDialog.Close>
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6">
              {current ? (
                <AuthImage
                  name={current}
                  alt={t('kit.files.photo', { index: (index ?? 0) + 1 })}
                  fit="contain"
                  className="size-full"
                />
              ) : null}
              {names.length > 1 ? (
                <>
                  <button
                    type="button"
                    onClick={() => step(-1)}
                    className="absolute left-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/40"
                    aria-label={t('kit.files.previous')}
                  >
                    <ChevronLeft className="size-6" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    onClick={() => step(1)}
                    className="absolute right-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/40"
                    aria-label={t('kit.files.next')}
                  >
                    <ChevronRight className="size-6" aria-hidden="true" />
                  </button>
                </>
              ) : null}
            </div>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  );
}
