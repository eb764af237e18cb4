import type { ComponentProps } from 'react';
import { RecordDetailSkeleton } from './record-detail-skeleton';
import { RecordErrorPage } from './record-error-page';

/**
 * A detail page before its record is on screen: the error page when loading failed, else the
 * loading skeleton (`testId`, `subtitleClassName`, `figures` are the skeleton's).
 */
export function RecordPending({
  one,
  ns,
  back,
  query,
  ...skeleton
}: ComponentProps<typeof RecordErrorPage> & { query: { isError: boolean } } & Omit<
    ComponentProps<typeof RecordDetailSkeleton>,
    'back'
  >) {
  if (query.isError) return <RecordErrorPage one={one} ns={ns} back={back} query={query} />;
  return <RecordDetailSkeleton back={back} {...skeleton} />;
}
