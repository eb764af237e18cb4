/**
 * The expenses list's columns and phone card: date, what for (and whose cash, for those who see
 * every holder), head, amount, status with a rejection's reason (or "Bill photo needed" while it
 * waits for one), the bill's photos. Only owners delete, and only what has not been replenished
 * yet (the server refuses after).
 */
import { formatInr, toPaise, type PettyExpense } from '@siteledger/domain';
import { Camera } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../components/list-page/actions-column';
import { CardHead } from '../../components/list-page/card-head';
import { NameCell } from '../../components/list-page/name-cell';
import type { ListPageState } from '../../components/list-page/use-list-page';
import type { DataTableColumn } from '../../components/ui/data-table';
import { RowActions } from '../../components/ui/row-actions';
import { formatBusinessDate } from '../../lib/dates';
import { PettyPhotoNeeded, PettyStatusChip } from './petty-status';

function PhotoCount({ expense }: { expense: PettyExpense }) {
  const { t } = useTranslation();
  if (expense.photos.length === 0) return null;
  return (
    <span
      className="inline-flex items-center gap-1 text-xs text-fg-muted"
      title={t('petty.list.photos', { count: expense.photos.length })}
      data-testid={`petty-photos-${expense.id}`}
    >
      <Camera className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{t('petty.list.photos', { count: expense.photos.length })}</span>
      <span aria-hidden="true">{expense.photos.length}</span>
    </span>
  );
}

export function usePettyExpenseColumns(
  page: ListPageState<PettyExpense>,
  /** Whose imprest each expense is on, when the list shows every holder's. */
  holderOf: (imprestId: string) => string | null,
) {
  const { t, i18n } = useTranslation();
  const amount = (expense: PettyExpense) => (
    <span className="whitespace-nowrap font-semibold tabular-nums text-fg">
      {formatInr(toPaise(expense.amount))}
    </span>
  );
  const date = (expense: PettyExpense) => formatBusinessDate(expense.expense_date, i18n.language);
  const head = (expense: PettyExpense) => t(`budgets.heads.${expense.head}`);
  const detail = (expense: PettyExpense) =>
    [holderOf(expense.imprest), head(expense)].filter(Boolean).join(' · ');
  const canDelete = (expense: PettyExpense) =>
    page.can.canDelete && page.remove !== undefined && expense.replenishment === null;
  const actions = (expense: PettyExpense): ReactNode =>
    canDelete(expense) ? (
      <RowActions
        onDelete={() => page.deleting.ask(expense)}
        editLabel=""
        deleteLabel={t('petty.deleteNamed', { name: expense.description })}
        deleteTestId={`petty-expense-delete-${expense.id}`}
      />
    ) : null;

  const columns: DataTableColumn<PettyExpense>[] = [
    {
      key: 'expense_date',
      header: t('petty.fields.date'),
      sortKey: 'expense_date',
      firstDirection: 'desc',
      cell: (expense) => <span className="whitespace-nowrap text-fg-muted">{date(expense)}</span>,
    },
    {
      key: 'description',
      header: t('petty.fields.description'),
      cell: (expense) => <NameCell name={expense.description} detail={detail(expense)} />,
    },
    {
      key: 'amount',
      header: t('petty.fields.amount'),
      sortKey: 'amount',
      align: 'right',
      cell: amount,
    },
    {
      key: 'status',
      header: t('petty.list.status'),
      sortKey: 'status',
      cell: (expense) => (
        <span className="inline-flex flex-col items-start gap-1">
          <PettyStatusChip expense={expense} withReason />
          <PettyPhotoNeeded expense={expense} />
        </span>
      ),
    },
    {
      key: 'photos',
      header: t('petty.fields.photos'),
      hideBelow: 'lg',
      cell: (expense) => <PhotoCount expense={expense} />,
    },
    ...(page.can.canDelete ? [actionsColumn(t, actions)] : []),
  ];

  const mobileCard = (expense: PettyExpense) => (
    <div className="space-y-2">
      <CardHead
        // What it was for is the card's point: it wraps rather than being cut short.
        title={<span className="whitespace-normal break-words">{expense.description}</span>}
        subtitle={`${date(expense)} · ${detail(expense)}`}
        aside={amount(expense)}
      />
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <PettyStatusChip expense={expense} withReason />
          <PettyPhotoNeeded expense={expense} />
        </span>
        <span className="flex items-center gap-2">
          <PhotoCount expense={expense} />
          {actions(expense)}
        </span>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
