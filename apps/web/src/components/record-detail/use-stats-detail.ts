import type { DeleteMutation } from '../list-page/list-types';
import type { HistoryFeed } from './history-section';
import { useDetailPage } from './use-record-detail';

/** A record's query, as the pending page reads it. */
interface RecordQuery<R> {
  data: R | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A record's stats query (figures, trend and history). */
interface StatsQuery<S> {
  data: S | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A catalogue record's detail page (`/items/:id`, `/services/:id`): the record, its stats and
 * quotations, the edit and delete state, the way back, and what its history section takes.
 * The stats neither load nor fail while the record is being deleted (the page is leaving).
 */
export function useStatsDetail<R, S, Q>(
  api: {
    useRecord: (id: string) => RecordQuery<R>;
    useStats: (id: string) => StatsQuery<S>;
    useQuotations: (id: string) => Q;
    useDelete: () => DeleteMutation & { isSuccess: boolean };
  },
  back: { to: string; labelKey: string },
) {
  const page = useDetailPage<RecordQuery<R>>(api, back);
  const { id, can, ...detail } = page;
  const stats = api.useStats(id);
  const quotations = api.useQuotations(id);
  const statsLoading = stats.isPending && !detail.deleting;
  const history: HistoryFeed = {
    loading: statsLoading,
    error: detail.deleting ? null : stats.error,
    onRetry: () => void stats.refetch(),
    canRecord: can.canCreate,
  };
  return {
    ...page,
    stats,
    quotations,
    statsLoading,
    history,
    /** RecordHeader's way back and its edit and delete actions. */
    headerActions: {
      back: page.back,
      can,
      onEdit: () => detail.setEditing(true),
      onDelete: () => {
        if (detail.record !== undefined) detail.confirm.ask(detail.record);
      },
    },
  };
}
