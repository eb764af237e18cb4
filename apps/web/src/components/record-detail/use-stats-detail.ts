import { permissionsFor } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session';
import type { DeleteMutation } from '../list-page/list-types';
import type { HistoryFeed } from './history-section';
import { useRecordDetail } from './use-record-detail';

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
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const query = api.useRecord(id);
  const stats = api.useStats(id);
  const quotations = api.useQuotations(id);
  const remove = api.useDelete();
  const detail = useRecordDetail<R>(query.data, remove);
  const statsLoading = stats.isPending && !detail.deleting;
  const history: HistoryFeed = {
    loading: statsLoading,
    error: detail.deleting ? null : stats.error,
    onRetry: () => void stats.refetch(),
    canRecord: can.canCreate,
  };
  const backLink = { to: back.to, label: t(back.labelKey) };
  return {
    ...detail,
    id,
    t,
    can,
    query,
    stats,
    quotations,
    remove,
    statsLoading,
    history,
    back: backLink,
    /** RecordHeader's way back and its edit and delete actions. */
    headerActions: {
      back: backLink,
      can,
      onEdit: () => detail.setEditing(true),
      onDelete: () => {
        if (detail.record !== undefined) detail.confirm.ask(detail.record);
      },
    },
  };
}
