import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryEntry } from '../../components/record-history';
import { DataTable } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { useActivityLog } from '../../lib/audit-api';
import { useActivityColumns } from './activity-columns';
import {
  ActivityFilters,
  NO_ACTIVITY_FILTERS,
  type ActivityFilterValues,
} from './activity-filters';

/** Owners' activity log (issue 10): every change on the site, by person, record type and date. */
export function ActivityPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilterValues>(NO_ACTIVITY_FILTERS);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(30);
  const log = useActivityLog({
    page,
    perPage,
    user: filters.user || undefined,
    entity: filters.entity || undefined,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  });
  const columns = useActivityColumns();

  const [openId, setOpenId] = useState<string | null>(null);
  const opened = log.data?.items.find((e) => e.id === openId) ?? null;

  return (
    <div data-testid="activity-page">
      <PageHeader title={t('audit.log.title')} subtitle={t('audit.log.subtitle')} />
      <ActivityFilters
        value={filters}
        onChange={(change) => {
          setFilters((current) => ({ ...current, ...change }));
          setPage(1);
        }}
      />
      <DataTable
        columns={columns}
        rows={log.data?.items}
        rowKey={(e) => e.id}
        loading={log.isPending}
        fetching={log.isPlaceholderData}
        error={log.error}
        onRetry={() => void log.refetch()}
        onRowClick={(e) => setOpenId(e.id === openId ? null : e.id)}
        empty={
          <p className="px-6 py-10 text-center text-sm text-fg-muted">{t('audit.log.empty')}</p>
        }
        label={t('audit.log.title')}
        testId="activity-table"
        rowTestId={(e) => `activity-row-${e.entity}-${e.record_id}`}
      />
      {opened ? (
        <section
          className="mt-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
          aria-label={t('audit.log.details')}
          data-testid="activity-details"
        >
          <ol>
            <HistoryEntry entry={opened} />
          </ol>
        </section>
      ) : null}
      {log.data ? (
        <Pagination
          page={page}
          perPage={perPage}
          totalItems={log.data.totalItems}
          totalPages={log.data.totalPages}
          onPageChange={setPage}
          onPerPageChange={(n) => {
            setPerPage(n);
            setPage(1);
          }}
          disabled={log.isPlaceholderData}
        />
      ) : null}
    </div>
  );
}
