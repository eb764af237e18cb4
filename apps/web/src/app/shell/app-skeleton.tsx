import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';

/** The frame drawn while the session and sites load, shaped like the real layout. */
export function AppSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh lg:pl-64" data-testid="app-skeleton" aria-busy="true">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      <div className="fixed inset-y-0 left-0 hidden w-64 flex-col gap-3 bg-sidebar p-5 lg:flex">
        <div className="mb-6 h-8 w-36 animate-pulse rounded-lg bg-white/10" />
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="h-8 animate-pulse rounded-lg bg-white/[0.06]" />
        ))}
      </div>
      <div className="flex h-16 items-center justify-between border-b border-border bg-surface px-4 sm:px-6">
        <Skeleton className="h-9 w-48" />
        <div className="flex gap-2">
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
          <Skeleton className="size-9 rounded-full" />
        </div>
      </div>
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <Skeleton className="h-8 w-52" />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-32 rounded-2xl" />
          ))}
        </div>
      </div>
    </div>
  );
}
