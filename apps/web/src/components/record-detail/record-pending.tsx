import type { ComponentProps } from 'react';
import { Skeleton } from '../ui/skeleton';
import { RecordDetailSkeleton } from './record-detail-skeleton';
import { RecordErrorPage } from './record-error-page';

type SkeletonProps = ComponentProps<typeof RecordDetailSkeleton>;

/**
 * A detail page before its record is on screen: the error page when loading failed, else the
 * loading skeleton (test id `{one}-detail-loading` unless given). Its figures' placeholder is
 * `figures`, or one card of height `block` (e.g. 'h-40').
 */
export function RecordPending({
  one,
  ns,
  back,
  query,
  testId = `${one}-detail-loading`,
  subtitleClassName = 'w-48',
  block = 'h-40',
  figures = <Skeleton className={`${block} rounded-2xl`} />,
}: ComponentProps<typeof RecordErrorPage> & {
  query: { isError: boolean };
  testId?: string;
  subtitleClassName?: SkeletonProps['subtitleClassName'];
  block?: string;
  figures?: SkeletonProps['figures'];
}) {
  if (query.isError) return <RecordErrorPage one={one} ns={ns} back={back} query={query} />;
  return (
    <RecordDetailSkeleton
      testId={testId}
      back={back}
      subtitleClassName={subtitleClassName}
      figures={figures}
    />
  );
}
