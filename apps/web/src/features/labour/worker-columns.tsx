import type { Worker } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHead } from '../../components/list-page/card-head';
import { NameCell } from '../../components/list-page/name-cell';
import { ActiveBadge } from '../../components/record-detail/dot-pill';
import type { DataTableColumn } from '../../components/ui/data-table';
import { useEntityRecords } from '../../lib/entity-options';
import { formatRupees } from '../../lib/format';

/** The labour contractor's name: from a cached vendors list, else read once by id. */
function ContractorName({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const [vendor] = useEntityRecords('vendors', [id]);
  if (!id) return <span className="text-fg-subtle">{t('labour.workers.ownLabour')}</span>;
  return <span className="truncate text-fg-muted">{vendor?.name ?? '…'}</span>;
}

/** "Mason", or "Helpers · gang of 12". */
function tradeLine(t: TFunction, worker: Worker): string {
  return worker.headcount !== null
    ? `${worker.trade} · ${t('labour.muster.gangOf', { count: worker.headcount })}`
    : worker.trade;
}

/**
 * The workers list's columns (name, trade, daily wage, contractor, active) and phone card. The
 * wage shows to every role that sees the list: supervisors set wages too.
 */
export function useWorkerColumns(
  actions: (worker: Worker) => ReactNode,
  actionsColumn: DataTableColumn<Worker>[],
) {
  const { t } = useTranslation();
  const wage = (worker: Worker) => (
    <span className="whitespace-nowrap font-medium tabular-nums text-fg">
      {t('labour.workers.perDay', { amount: formatRupees(worker.daily_wage) })}
    </span>
  );
  const active = (worker: Worker) => (
    <ActiveBadge ns="labour.workers" active={worker.active} testId={`worker-active-${worker.id}`} />
  );

  const columns: DataTableColumn<Worker>[] = [
    {
      key: 'name',
      header: t('labour.fields.name'),
      sortKey: 'name',
      cell: (worker) => <NameCell name={worker.name} detail={worker.phone} />,
    },
    {
      key: 'trade',
      header: t('labour.fields.trade'),
      sortKey: 'trade',
      cell: (worker) => <span className="text-fg-muted">{tradeLine(t, worker)}</span>,
    },
    {
      key: 'daily_wage',
      header: t('labour.fields.dailyWage'),
      sortKey: 'daily_wage',
      align: 'right',
      cell: wage,
    },
    {
      key: 'contractor',
      header: t('labour.fields.labourContractor'),
      hideBelow: 'lg',
      cell: (worker) => <ContractorName id={worker.labour_contractor} />,
    },
    { key: 'active', header: t('labour.fields.active'), cell: active },
    ...actionsColumn,
  ];

  const mobileCard = (worker: Worker) => (
    <div className="space-y-3">
      <CardHead title={worker.name} subtitle={tradeLine(t, worker)} aside={actions(worker)} />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface-muted/70 px-3 py-2.5 text-sm">
        {wage(worker)}
        <span className="min-w-0 truncate">
          <ContractorName id={worker.labour_contractor} />
        </span>
        {active(worker)}
      </div>
    </div>
  );

  return { columns, mobileCard };
}
