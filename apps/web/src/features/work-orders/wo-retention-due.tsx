/**
 * The "Retention due" tab of the Work orders page (issue 43): per work order holding retention,
 * what is held and released, when it falls due (a year or the agreed days after the final bill)
 * and whether it is due or overdue; an owner releases what is due from here. The dashboard's
 * "retention due" card leads here.
 */
import type { RetentionReport } from '@siteledger/domain';
import { CalendarClock, PiggyBank, Unlock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { CardHead } from '../../components/list-page/card-head';
import { FigureCard } from '../../components/record-detail/figure-card';
import { DotPill } from '../../components/record-detail/dot-pill';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { formatBusinessDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useRetentionReport } from './api';
import { rupees, woNumber } from './wo-labels';
import { WoRetentionDialog, type RetentionOrder } from './wo-retention-dialog';

type Row = RetentionReport['rows'][number];
type DueStatus = Row['due_status'];

const TONES: Record<DueStatus, { pill: string; dot: string }> = {
  running: { pill: 'bg-surface-muted text-fg-muted ring-border', dot: 'bg-fg-subtle' },
  not_due: { pill: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20', dot: 'bg-blue-500' },
  due: {
    pill: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
    dot: 'bg-amber-500',
  },
  overdue: { pill: 'bg-danger-soft text-danger-soft-fg ring-danger-soft-fg/20', dot: 'bg-danger' },
};

/** Due within 30 days or past its date: what the owner should release now. */
const isDue = (row: Row) => row.due_status === 'due' || row.due_status === 'overdue';

function DueBadge({ row }: { row: Row }) {
  const { t } = useTranslation();
  const tone = TONES[row.due_status];
  return (
    <DotPill
      pill={tone.pill}
      dot={tone.dot}
      testId={`retention-status-${row.work_order}`}
      data={{ 'data-status': row.due_status }}
    >
      {t(`workOrders.retentionDue.status.${row.due_status}`)}
    </DotPill>
  );
}

export function RetentionDueTab() {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const owner = role === 'owner';
  const report = useRetentionReport();
  const [releasing, setReleasing] = useState<RetentionOrder | null>(null);
  const rows = report.data?.rows;
  const dueDate = (row: Row) =>
    row.retention_due_date
      ? formatBusinessDate(row.retention_due_date, i18n.language)
      : t('workOrders.retentionDue.afterFinal');
  // A release is a bill of the order, which only a completed order takes.
  const canRelease = (row: Row) =>
    owner && row.status === 'completed' && row.retention_held > 0 && isDue(row);
  const releaseButton = (row: Row) =>
    canRelease(row) ? (
      <Button
        size="sm"
        variant="secondary"
        icon={<Unlock className="size-4" aria-hidden="true" />}
        onClick={() =>
          setReleasing({
            id: row.work_order,
            retention_held: row.retention_held,
            retention_due_date: row.retention_due_date,
          })
        }
        data-testid={`retention-release-${row.work_order}`}
      >
        {t('workOrders.retentionDue.release')}
      </Button>
    ) : null;

  const columns: DataTableColumn<Row>[] = [
    {
      key: 'order',
      header: t('workOrders.retentionDue.columns.order'),
      cell: (row) => (
        <div className="min-w-0 max-w-72">
          <p className="truncate font-medium text-fg">{row.title}</p>
          <p className="whitespace-nowrap text-xs text-fg-muted">{woNumber(t, row)}</p>
        </div>
      ),
    },
    {
      key: 'vendor',
      header: t('workOrders.fields.vendor'),
      hideBelow: 'lg',
      cell: (row) => <p className="min-w-0 max-w-52 truncate text-fg-muted">{row.vendor_name}</p>,
    },
    figureColumn(
      'held',
      t('workOrders.retentionDue.columns.held'),
      (row) => (
        <span data-testid={`retention-held-${row.work_order}`}>{rupees(row.retention_held)}</span>
      ),
      { tone: 'font-medium text-fg' },
    ),
    figureColumn(
      'released',
      t('workOrders.retentionDue.columns.released'),
      (row) => rupees(row.retention_released),
      { tone: 'text-fg-muted', hideBelow: 'xl' },
    ),
    {
      key: 'due',
      header: t('workOrders.retentionDue.columns.due'),
      cell: (row) => (
        <span className="whitespace-nowrap" data-testid={`retention-due-${row.work_order}`}>
          {dueDate(row)}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('workOrders.retentionDue.columns.status'),
      cell: (row) => <DueBadge row={row} />,
    },
    ...(owner
      ? [
          {
            key: 'action',
            header: t('workOrders.retentionDue.columns.action'),
            align: 'right' as const,
            cell: releaseButton,
          },
        ]
      : []),
  ];

  const mobileCard = (row: Row) => (
    <div className="space-y-2.5">
      <CardHead
        title={row.title}
        subtitle={`${woNumber(t, row)} · ${row.vendor_name}`}
        aside={
          <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
            {rupees(row.retention_held)}
          </p>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm">
        <DueBadge row={row} />
        <span className="tabular-nums text-fg-muted">
          {t('workOrders.retentionDue.card', {
            date: dueDate(row),
            released: rupees(row.retention_released),
          })}
        </span>
      </div>
      {canRelease(row) ? <div className="flex justify-end">{releaseButton(row)}</div> : null}
    </div>
  );

  const dueNow = (rows ?? []).filter(isDue);
  return (
    <div className="space-y-6" data-testid="retention-due">
      {rows && rows.length > 0 ? (
        <section
          aria-label={t('workOrders.retentionDue.summary')}
          className="grid grid-cols-2 gap-3 sm:gap-4"
        >
          <FigureCard
            label={t('workOrders.retentionDue.figures.held')}
            value={rupees(report.data?.total_held ?? 0)}
            caption={t('workOrders.retentionDue.figures.orders', { count: rows.length })}
            icon={PiggyBank}
            tone="violet"
            testId="retention-figure-held"
          />
          <FigureCard
            label={t('workOrders.retentionDue.figures.due')}
            value={rupees(dueNow.reduce((sum, row) => sum + row.retention_held, 0))}
            caption={t('workOrders.retentionDue.figures.dueCaption', {
              date: formatBusinessDate(report.data?.as_of ?? '', i18n.language),
            })}
            icon={CalendarClock}
            tone="orange"
            testId="retention-figure-due"
          />
        </section>
      ) : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.work_order}
        loading={report.isPending}
        error={report.error}
        errorTitle={t('workOrders.retentionDue.loadFailed')}
        onRetry={() => void report.refetch()}
        rowHref={(row) => `/work-orders/${row.work_order}`}
        mobileCard={mobileCard}
        label={t('workOrders.tabs.retention')}
        testId="retention-table"
        rowTestId={(row) => `retention-row-${row.work_order}`}
        empty={
          <EmptyState
            icon={<PiggyBank aria-hidden="true" />}
            title={t('workOrders.retentionDue.emptyTitle')}
            description={t('workOrders.retentionDue.emptyText')}
          />
        }
      />
      {releasing ? (
        <WoRetentionDialog
          open
          onOpenChange={(open) => !open && setReleasing(null)}
          order={releasing}
        />
      ) : null}
    </div>
  );
}
