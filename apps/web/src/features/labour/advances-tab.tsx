/**
 * The "Advances" tab of /wage-sheets: money given to workers ahead of wages (newest first), what
 * the next wage sheet of each deducts; "Give advance" and deleting one as the role allows.
 */
import { permissionsFor, type WorkerAdvance } from '@siteledger/domain';
import { HandCoins, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, figureColumn } from '../../components/lines/columns';
import { actionsColumn } from '../../components/list-page/actions-column';
import { CardHead } from '../../components/list-page/card-head';
import { DeleteConfirm, useDeleteTarget } from '../../components/list-page/delete-confirm';
import { usePaging } from '../../components/list-page/paged-table';
import { PagedTab } from '../../components/page/paged-tab';
import { Button } from '../../components/ui/button';
import type { DataTableColumn } from '../../components/ui/data-table';
import { RowActions } from '../../components/ui/row-actions';
import { useDeleteWorkerAdvance, useWorkerAdvances } from '../../data/wage-sheets';
import { formatBusinessDate } from '../../lib/dates';
import { useAccountList } from '../../lib/entity-options';
import { useSession } from '../../lib/session';
import { AdvanceFormDialog } from './advance-form-dialog';
import { rupees } from './wage-sheet-labels';

export function AdvancesTab() {
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const paging = usePaging();
  const advances = useWorkerAdvances({
    page: paging.page,
    perPage: paging.perPage,
    sort: '-advance_date',
  });
  const remove = useDeleteWorkerAdvance();
  const deleting = useDeleteTarget<WorkerAdvance>(remove);
  const [giving, setGiving] = useState(false);
  const { columns, mobileCard } = useAdvanceColumns(can.canDelete ? deleting.ask : undefined);

  return (
    <PagedTab
      tabTestId="advances"
      intro={<p className="mb-3 text-sm text-fg-muted">{t('wageSheets.advances.intro')}</p>}
      toolbar={
        can.canCreate ? (
          <Button
            variant="secondary"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => setGiving(true)}
            data-testid="advance-add"
          >
            {t('wageSheets.advances.add')}
          </Button>
        ) : null
      }
      query={advances}
      paging={paging}
      columns={columns}
      rowKey={(advance) => advance.id}
      mobileCard={mobileCard}
      emptyIcon={<HandCoins />}
      texts="wageSheets.advances"
      label={t('wageSheets.tabs.advances')}
      testId="advances-table"
      rowTestId={(advance) => `advance-row-${advance.id}`}
    >
      <AdvanceFormDialog open={giving} onOpenChange={setGiving} />
      <DeleteConfirm
        target={deleting}
        mutation={remove}
        title={t('wageSheets.advances.deleteTitle')}
        description={t('wageSheets.advances.deleteDescription')}
        toastMessage={() => t('wageSheets.advances.deleted')}
        testId="advance-delete-dialog"
      />
    </PagedTab>
  );
}

function useAdvanceColumns(onDelete: ((advance: WorkerAdvance) => void) | undefined) {
  const { t, i18n } = useTranslation();
  const accounts = useAccountList();
  const accountName = (advance: WorkerAdvance) => accounts.byId(advance.account)?.name ?? '—';
  const date = (advance: WorkerAdvance) => formatBusinessDate(advance.advance_date, i18n.language);
  const actions = (advance: WorkerAdvance) => (
    <RowActions
      onDelete={onDelete ? () => onDelete(advance) : undefined}
      editLabel=""
      deleteLabel={t('wageSheets.advances.deleteNamed', { name: advance.worker_name })}
      deleteTestId={`advance-delete-${advance.id}`}
    />
  );
  const columns: DataTableColumn<WorkerAdvance>[] = [
    dateColumn(t('wageSheets.advances.fields.date'), 'advance_date', date),
    {
      key: 'worker',
      header: t('wageSheets.advances.fields.worker'),
      cell: (advance) => <span className="font-medium text-fg">{advance.worker_name}</span>,
    },
    {
      key: 'account',
      header: t('wageSheets.advances.fields.account'),
      hideBelow: 'lg',
      cell: (advance) => <span className="text-fg-muted">{accountName(advance)}</span>,
    },
    figureColumn('amount', t('wageSheets.advances.fields.amount'), (a) => rupees(a.amount), {
      tone: 'font-medium text-fg',
    }),
    ...(onDelete ? [actionsColumn(t, actions)] : []),
  ];
  const mobileCard = (advance: WorkerAdvance) => (
    <CardHead
      title={advance.worker_name}
      subtitle={`${date(advance)} · ${accountName(advance)}`}
      aside={
        <div className="flex shrink-0 items-center gap-1">
          <span className="font-semibold tabular-nums text-fg">{rupees(advance.amount)}</span>
          {onDelete ? actions(advance) : null}
        </div>
      }
    />
  );
  return { columns, mobileCard };
}
