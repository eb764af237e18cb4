import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/page-header';
import { Skeleton } from '../ui/skeleton';

/** A catalog record's detail page while it loads: header, its figure cards, trend and range. */
export function RecordDetailSkeleton({
  testId,
  back,
  subtitleClassName,
  figures,
}: {
  testId: string;
  back: { to: string; label: string };
  /** The subtitle placeholder's width, e.g. 'w-40'. */
  subtitleClassName: string;
  /** The figure cards' placeholders, in the page's own grid. */
  figures: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8" data-testid={testId} aria-busy="true">
      <PageHeader
        className="mb-0"
        title={<span className="sr-only">{t('common.loading')}</span>}
        back={back}
      >
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className={`h-5 ${subtitleClassName}`} />
      </PageHeader>
      {figures}
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    </div>
  );
}
