import type { MaterialRequest } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { dateColumn, figureColumn } from '../../components/lines/columns';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { itemsSummary, RequestStatusBadge } from './request-labels';
import { CardHead } from '../../components/list-page/card-head';

const dash = <span className="text-fg-subtle">—</span>;

/** The material requests list's columns and phone card (rows open the request's page). */
export function useMaterialRequestColumns() {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '');
  const amount = (request: MaterialRequest) =>
    request.estimated_amount > 0 ? formatRupees(request.estimated_amount) : '—';

  const columns: DataTableColumn<MaterialRequest>[] = [
    dateColumn(t('materialRequests.fields.requestDate'), 'request_date', (request) =>
      date(request.request_date),
    ),
    {
      key: 'items',
      header: t('materialRequests.fields.items'),
      cell: (request) => (
        <div className="min-w-0 max-w-xs">
          <p className="truncate font-medium text-fg">{itemsSummary(t, request)}</p>
          <p className="text-xs text-fg-muted">
            {t('materialRequests.lineCount', { count: request.items.length })}
          </p>
        </div>
      ),
    },
    {
      key: 'needed_by',
      header: t('materialRequests.fields.neededBy'),
      sortKey: 'needed_by',
      cell: (request) =>
        request.needed_by ? (
          <span className="whitespace-nowrap">{date(request.needed_by)}</span>
        ) : (
          dash
        ),
    },
    {
      key: 'requested_by',
      header: t('materialRequests.fields.requestedBy'),
      hideBelow: 'lg',
      cell: (request) =>
        request.requested_by_name ? (
          <span className="text-fg-muted">{request.requested_by_name}</span>
        ) : (
          dash
        ),
    },
    figureColumn('amount', t('materialRequests.fields.estimatedAmount'), amount),
    {
      key: 'status',
      header: t('materialRequests.fields.status'),
      sortKey: 'status',
      cell: (request) => (
        <RequestStatusBadge status={request.status} testId={`request-status-${request.id}`} />
      ),
    },
  ];

  const mobileCard = (request: MaterialRequest) => (
    <div className="space-y-3">
      <CardHead
        title={itemsSummary(t, request)}
        subtitle={
          <>
            {date(request.request_date)}
            {request.requested_by_name ? ` · ${request.requested_by_name}` : ''}
          </>
        }
        aside={<RequestStatusBadge status={request.status} />}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface-muted/70 px-3 py-2.5 text-sm tabular-nums">
        <span className="text-fg-muted">
          {request.needed_by
            ? t('materialRequests.neededByDate', { date: date(request.needed_by) })
            : t('materialRequests.lineCount', { count: request.items.length })}
        </span>
        <span className="font-medium text-fg">{amount(request)}</span>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
