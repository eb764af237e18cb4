/**
 * "Cash": the balance of every account of the business's sites, site by site, with the balances
 * by type of account and the total over them.
 */
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardFigure, CardHead } from '../../components/list-page/card-head';
import { Badge } from '../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import type { CashPosition } from '@siteledger/domain';
import { useBusinessCashPosition } from '../../data/businesses';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { AsOf } from './as-of';
import { FigureStrip } from './figure-strip';

type Account = CashPosition['accounts'][number];

const balanceClass = (balance: number) =>
  cn('tabular-nums font-medium', balance < 0 ? 'text-danger' : 'text-fg');

function useCashColumns() {
  const { t } = useTranslation();
  const type = (account: Account) => t(`accounts.types.${account.type}`, account.type);
  const columns: DataTableColumn<Account>[] = [
    { key: 'site', header: t('business.site'), cell: (account) => account.site_name },
    {
      key: 'name',
      header: t('business.cash.account'),
      cell: (account) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-fg">{account.name}</span>
          {account.is_active ? null : <Badge>{t('business.inactive')}</Badge>}
        </span>
      ),
    },
    { key: 'type', header: t('business.cash.type'), cell: type },
    {
      key: 'bank',
      header: t('business.cash.bank'),
      hideBelow: 'lg',
      cell: (account) => account.bank_name ?? '—',
    },
    {
      key: 'balance',
      header: t('business.cash.balance'),
      align: 'right',
      cell: (account) => (
        <span className={balanceClass(account.current_balance)}>
          {formatRupees(account.current_balance)}
        </span>
      ),
    },
  ];
  const mobileCard = (account: Account) => (
    <div className="space-y-2">
      <CardHead
        title={account.name}
        subtitle={`${account.site_name} · ${type(account)}`}
        aside={account.is_active ? undefined : <Badge>{t('business.inactive')}</Badge>}
      />
      <dl className="grid grid-cols-2 gap-x-4">
        {account.bank_name ? (
          <CardFigure label={t('business.cash.bank')}>{account.bank_name}</CardFigure>
        ) : null}
        <CardFigure
          label={t('business.cash.balance')}
          valueClassName={balanceClass(account.current_balance)}
        >
          {formatRupees(account.current_balance)}
        </CardFigure>
      </dl>
    </div>
  );
  return { columns, mobileCard };
}

export function CashTab({ business }: { business: string }) {
  const { t } = useTranslation();
  const cash = useBusinessCashPosition(business);
  const { columns, mobileCard } = useCashColumns();
  const data = cash.data;
  const accounts = data
    ? [...data.accounts].sort(
        (a, b) => a.site_name.localeCompare(b.site_name) || a.name.localeCompare(b.name),
      )
    : undefined;
  return (
    <section className="space-y-3" aria-label={t('business.tabs.cash')}>
      <AsOf date={data?.as_of} />
      {data && data.accounts.length > 0 ? (
        <FigureStrip
          testId="business-cash-totals"
          figures={[
            ...data.by_type.map((row) => ({
              key: row.type,
              label: t(`accounts.types.${row.type}`, row.type),
              value: formatRupees(row.balance),
              negative: row.balance < 0,
            })),
            {
              key: 'total',
              label: t('business.cash.total'),
              value: formatRupees(data.total),
              negative: data.total < 0,
              strong: true,
            },
          ]}
        />
      ) : null}
      <DataTable
        columns={columns}
        rows={accounts}
        rowKey={(account) => account.id}
        loading={cash.isPending}
        error={cash.error}
        errorTitle={t('business.cash.loadFailed')}
        onRetry={() => void cash.refetch()}
        mobileCard={mobileCard}
        label={t('business.tabs.cash')}
        testId="business-cash"
        rowTestId={(account) => `business-cash-row-${account.id}`}
        empty={
          <EmptyState
            icon={<Landmark aria-hidden="true" />}
            title={t('business.cash.emptyTitle')}
            description={t('business.cash.empty')}
          />
        }
      />
    </section>
  );
}
