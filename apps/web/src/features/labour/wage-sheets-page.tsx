import { isListExported, permissionsFor, recordTypeOf } from '@siteledger/domain';
import { ReceiptIndianRupee } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListExportButton } from '../../components/list-page/list-export-button';
import { ListSection } from '../../components/list-page/list-section';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { PlainAddButton } from '../../components/plan-limit';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { useWageSheets, WAGE_SHEETS } from '../../data/wage-sheets';
import { useListParams, type ListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { AdvancesTab } from './advances-tab';
import { WageSheetCreateDialog } from './wage-sheet-create-dialog';
import { sheetStatusOptions, useContractorNames } from './wage-sheet-labels';
import { useWageSheetColumns } from './wage-sheets-columns';

const FILTERS = ['status', 'labour_contractor'] as const;
// Test ids ws-add, wss-toolbar, wss-table (the page's tour targets); page wage-sheets.
const NAMES = { ns: 'wageSheets', one: 'ws', many: 'wss', page: 'wage-sheets' };
// Sheets | Advances (`?tab=advances`).
const TABS = ['sheets', 'advances'] as const;

/**
 * /wage-sheets — the site's wage sheets (owners and accountants make them; not a plan resource,
 * so the page is drawn on ListSection rather than the plan-limited ListPage) and the workers'
 * advances the next sheet deducts.
 */
export function WageSheetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The route already asks for canViewFinancials, which is what creating a sheet takes.
  const can = permissionsFor(useSession().role);
  const tab = useUrlTab(TABS);
  const list = useListParams({ sort: '-period_to,-created', filters: FILTERS });
  const [adding, setAdding] = useState(false);
  const openAdd = () => setAdding(true);
  useAddAction(openAdd, can.canViewFinancials);
  const add = (placement: 'header' | 'empty') => (
    <PlainAddButton
      onClick={openAdd}
      label={t('wageSheets.add')}
      testId={placement === 'header' ? 'ws-add' : undefined}
    />
  );

  return (
    <div data-testid="page-wage-sheets" data-tour="wage-sheets-page">
      <PageHeader
        title={t('pages.wageSheets.title')}
        subtitle={t('pages.wageSheets.description')}
        actions={
          <>
            {tab === 'sheets' ? <ExportButton query={list.query} /> : null}
            {add('header')}
          </>
        }
      />
      <UrlTabs
        tabs={TABS}
        tab={tab}
        label={(name) => t(`wageSheets.tabs.${name}`)}
        testId="ws-tab"
      />
      {tab === 'advances' ? <AdvancesTab /> : <SheetsList list={list} emptyAction={add('empty')} />}
      <WageSheetCreateDialog
        open={adding}
        onOpenChange={setAdding}
        onSaved={(sheet) => void navigate(`/wage-sheets/${sheet.id}`)}
      />
    </div>
  );
}

/** The list as CSV or Excel (a desk task: not on phones), as every list page offers. */
function ExportButton({ query }: { query: ListParams['query'] }) {
  const type = recordTypeOf(WAGE_SHEETS);
  if (!type || !isListExported(type)) return null;
  return (
    <div className="hidden sm:block">
      <ListExportButton collection={WAGE_SHEETS} query={query} testId="wage-sheets-export" />
    </div>
  );
}

function SheetsList({ list, emptyAction }: { list: ListParams; emptyAction: ReactNode }) {
  const { t } = useTranslation();
  const sheets = useWageSheets(list.query);
  const nameOf = useContractorNames(sheets.data?.items ?? []);
  const { columns, mobileCard } = useWageSheetColumns(nameOf);
  return (
    <ListSection
      list={list}
      names={NAMES}
      query={sheets}
      columns={columns}
      mobileCard={mobileCard}
      rowHref={(sheet) => `/wage-sheets/${sheet.id}`}
      errorTitle={t('wageSheets.errors.loadFailed')}
      emptyIcon={<ReceiptIndianRupee />}
      emptyAction={emptyAction}
      dateRange
      filterBy={[
        selectFilter('status', sheetStatusOptions(t), { all: 'allStatuses' }),
        entityFilter('labour_contractor', 'vendors', {
          id: 'contractor',
          label: 'labourContractor',
          all: 'allPayees',
        }),
      ]}
    />
  );
}
