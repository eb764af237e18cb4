import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntry, type Member } from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HistoryEntry } from '../../components/record-history';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { DateField } from '../../components/ui/date-field';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { SelectField } from '../../components/ui/select-field';
import { api } from '../../lib/api-client';
import { recordHref, useActivityLog } from '../../lib/audit-api';
import { DATE_TIME, formatTimestamp } from '../../lib/dates';
import { queryKeys } from '../../lib/query-keys';
import { recordsPath, useSiteId } from '../../lib/site-records';

/** The site's members, for the "person" filter. */
function useSiteMembers() {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.records(siteId, 'members'),
    queryFn: async ({ signal }) =>
      (await api.get<{ items: Member[] }>(recordsPath(siteId, 'members'), { signal })).items,
    enabled: Boolean(siteId),
    staleTime: 15_000,
  });
}

/** Owners' activity log (issue 10): every change on the site, by person, record type and date. */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const [user, setUser] = useState('');
  const [entity, setEntity] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(30);
  const members = useSiteMembers();
  const log = useActivityLog({
    page,
    perPage,
    user: user || undefined,
    entity: entity || undefined,
    action: action || undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const recordCell = (entry: AuditEntry) => {
    const href = entry.action === 'delete' ? null : recordHref(entry.entity, entry.record_id);
    const label = t(`audit.entities.${entry.entity}`);
    return href ? (
      <Link to={href} className="font-medium text-primary hover:text-primary-hover">
        {label}
      </Link>
    ) : (
      <span className="font-medium text-fg">{label}</span>
    );
  };

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      key: 'at',
      header: t('audit.log.when'),
      cell: (e) => (
        <time dateTime={e.at} className="whitespace-nowrap">
          {formatTimestamp(e.at, i18n.language, DATE_TIME)}
        </time>
      ),
    },
    { key: 'user', header: t('audit.log.who'), cell: (e) => e.user_name ?? t('audit.unknownUser') },
    { key: 'action', header: t('audit.log.action'), cell: (e) => t(`audit.actions.${e.action}`) },
    { key: 'record', header: t('audit.log.record'), cell: recordCell },
    {
      key: 'fields',
      header: t('audit.log.fields'),
      hideBelow: 'lg',
      cell: (e) => (
        <span className="text-fg-muted">{Object.keys(e.changes).length.toString()}</span>
      ),
    },
  ];

  const [openId, setOpenId] = useState<string | null>(null);
  const opened = log.data?.items.find((e) => e.id === openId) ?? null;

  return (
    <div data-testid="activity-page">
      <PageHeader title={t('audit.log.title')} subtitle={t('audit.log.subtitle')} />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          label={t('audit.log.person')}
          placeholder={t('audit.log.everyone')}
          value={user}
          onChange={(event) => filter(setUser)(event.target.value)}
          options={(members.data ?? []).map((m) => ({ value: m.user.id, label: m.user.name }))}
          data-testid="activity-filter-user"
        />
        <SelectField
          label={t('audit.log.recordType')}
          placeholder={t('audit.log.allRecords')}
          value={entity}
          onChange={(event) => filter(setEntity)(event.target.value)}
          options={AUDIT_ENTITIES.map((value) => ({
            value,
            label: t(`audit.entities.${value}`),
          }))}
          data-testid="activity-filter-entity"
        />
        <SelectField
          label={t('audit.log.action')}
          placeholder={t('audit.log.allActions')}
          value={action}
          onChange={(event) => filter(setAction)(event.target.value)}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
          data-testid="activity-filter-action"
        />
        <DateField
          label={t('audit.log.from')}
          value={from}
          onChange={(event) => filter(setFrom)(event.target.value)}
        />
        <DateField
          label={t('audit.log.to')}
          value={to}
          onChange={(event) => filter(setTo)(event.target.value)}
        />
      </div>
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
