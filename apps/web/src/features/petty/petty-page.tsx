/**
 * /petty-cash (issue 46): the supervisor's phone page. His cash in hand on top with his own
 * statement, "Spent" as the add action (also the quick action everywhere and `?new=1`), his
 * expenses below with their status. Owners and accountants see every holder's; owners decide on
 * the Approvals tab, owners and accountants look after the imprests on theirs.
 */
import type { Imprest, PettyExpense, PlanResource } from '@siteledger/domain';
import { Coins } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { useListPage } from '../../components/list-page/use-list-page';
import { QueuedRecords } from '../../components/queued-records';
import { useDeletePettyExpense, usePettyExpenses } from '../../data/petty';
import { useSession } from '../../lib/session';
import { useUrlOpener } from '../../lib/use-url-opener';
import { PettyStatementDialog } from './petty-admin-statement-dialog';
import { PettyApprovalsTab } from './petty-approvals-tab';
import { PettyBalanceCard } from './petty-balance-card';
import { usePettyExpenseColumns } from './petty-expense-columns';
import { PettyExpenseDialog } from './petty-expense-dialog';
import { PettyHolders, PettyNoImprest } from './petty-holders';
import { PettyImprestsTab } from './petty-imprests-tab';
import { pettyStatusOptions } from './petty-status';
import { usePettyImprests } from './use-petty-imprests';

type PettyTab = 'expenses' | 'approvals' | 'imprests';
const FILTERS = ['status', 'imprest'] as const;
// Test ids petty-expense-add, petty-expenses-toolbar, petty-expenses-table; page-petty-cash.
const NAMES = { ns: 'petty', one: 'petty-expense', many: 'petty-expenses', page: 'petty-cash' };

/** Owners decide on approvals; owners and accountants look after the imprests. */
export function pettyTabsFor(role: string | null): [PettyTab, ...PettyTab[]] {
  if (role === 'owner') return ['expenses', 'approvals', 'imprests'];
  if (role === 'accountant') return ['expenses', 'imprests'];
  return ['expenses'];
}

export function PettyPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const tabs = pettyTabsFor(role);
  const tab = useUrlTab(tabs);
  const [opener, clearOpener] = useUrlOpener('new');
  const [addOpen, setAddOpen] = useState(false);
  const [statement, setStatement] = useState<Imprest | null>(null);
  const page = useListPage<PettyExpense>({
    names: NAMES,
    // Not counted by any plan: the list skeleton's add button asks anyway, and finds no cap.
    resource: 'petty_expenses' as PlanResource,
    sort: '-expense_date,-created',
    filters: FILTERS,
    onAdd: () => setAddOpen(true),
    remove: useDeletePettyExpense(),
    rowName: (expense) => expense.description,
  });
  const imprests = usePettyImprests();
  // A holder sees his own expenses: the list is kept to his imprest (the first, unless chosen).
  const own = imprests.all ? null : (imprests.mine[0]?.id ?? '');
  const query =
    own === null
      ? page.list.query
      : { ...page.list.query, imprest: page.list.query.imprest ?? own };
  const holdsNone = own === '' && !imprests.query.isPending;
  const expenses = usePettyExpenses(query, { enabled: own !== '' });
  const imprestChoices = (imprests.all ? imprests.items : imprests.mine).map((one) => ({
    value: one.id,
    label: one.holder_name ?? t('petty.holders.unnamed'),
  }));
  const names = new Map(imprests.items.map((one) => [one.id, one.holder_name]));
  const { columns, mobileCard } = usePettyExpenseColumns(page, (id) =>
    imprests.all ? (names.get(id) ?? null) : null,
  );
  const open = (addOpen || opener?.new === '1') && page.canAdd;
  const setOpen = (next: boolean) => {
    if (!next) clearOpener();
    setAddOpen(next);
  };

  const tabContent: Record<PettyTab, ReactNode> = {
    expenses: holdsNone ? <PettyNoImprest /> : undefined,
    approvals: <PettyApprovalsTab />,
    imprests: <PettyImprestsTab />,
  };
  const top = imprests.all ? (
    <PettyHolders imprests={imprests.items} />
  ) : (
    <PettyBalanceCard
      imprests={imprests.mine}
      queued={imprests.queued}
      onStatement={setStatement}
    />
  );

  return (
    <ListPage
      page={page}
      query={expenses}
      columns={columns}
      mobileCard={mobileCard}
      emptyIcon={<Coins />}
      tabs={
        <>
          {tabs.length > 1 ? (
            <UrlTabs
              tabs={tabs}
              tab={tab}
              label={(name) => t(`petty.tabs.${name}`)}
              testId="petty-tab"
              tour="petty-tabs"
            />
          ) : null}
          {tab === 'expenses' ? (
            <>
              {top}
              <QueuedRecords collection="petty_expenses" />
            </>
          ) : null}
        </>
      }
      content={tabContent[tab]}
      dateRange
      filterBy={[
        selectFilter('status', pettyStatusOptions(t), { all: 'allStatuses' }),
        ...(imprestChoices.length > 1
          ? [selectFilter('imprest', imprestChoices, { all: 'allImprests' })]
          : []),
      ]}
      dialogs={
        <>
          <PettyExpenseDialog open={open} onOpenChange={setOpen} />
          {/* The holder's own statement: the server lets every reader of imprests have one. */}
          <PettyStatementDialog imprest={statement} onClose={() => setStatement(null)} />
        </>
      }
    />
  );
}
