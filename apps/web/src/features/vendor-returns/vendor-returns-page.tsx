import { RETURN_REASONS, type VendorReturn } from '@siteledger/domain';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { useListPageData } from '../../components/page/use-list-page-data';
import { statusOptions } from '../../components/ui/status-badge';
import { useVendorReturns } from './api';
import { CreateReturnDialog } from './create-return-dialog';
import { CreditNotesTab } from './credit-notes-tab';
import { ReturnDetailDialog } from './return-detail-dialog';
import { enumOptions } from './return-steps';
import { useReturnColumns } from './returns-columns';

const FILTERS = ['vendor', 'status', 'reason'] as const;
// Returns | Credit notes (`?tab=credit-notes`).
const TABS = ['returns', 'credit-notes'] as const;
const TAB_LABELS = { returns: 'returns', 'credit-notes': 'creditNotes' } as const;
const NAMES = { ns: 'vendorReturns', one: 'return', many: 'returns', page: 'vendor-returns' };

export function VendorReturnsPage() {
  const { t } = useTranslation();
  const tab = useUrlTab(TABS);
  const { form, table } = useListPageData<VendorReturn>(
    { names: NAMES, resource: 'vendor_returns', sort: '-return_date', filters: FILTERS },
    { useRecords: useVendorReturns, useColumns: useReturnColumns },
  );
  const [viewing, setViewing] = useState<string | null>(null);

  return (
    <ListPage
      {...table}
      onRowClick={(r) => setViewing(r.id)}
      emptyIcon={<Undo2 />}
      tabs={
        <UrlTabs
          tabs={TABS}
          tab={tab}
          label={(name) => t(`vendorReturns.tabs.${TAB_LABELS[name]}`)}
          testId="returns-tab"
          tour="vendor-returns-tabs"
        />
      }
      content={tab === 'credit-notes' ? <CreditNotesTab /> : undefined}
      dateRange
      filterBy={[
        entityFilter('vendor', 'vendors', { all: 'allVendors' }),
        selectFilter('status', statusOptions(t, 'return'), { all: 'allStatuses' }),
        selectFilter('reason', enumOptions(t, 'vendorReturns.reasons', RETURN_REASONS), {
          all: 'allReasons',
        }),
      ]}
      dialogs={
        <>
          <CreateReturnDialog
            open={form.open}
            onOpenChange={form.onOpenChange}
            onSaved={(saved) => setViewing(saved.id)}
          />
          <ReturnDetailDialog id={viewing} onOpenChange={(open) => !open && setViewing(null)} />
        </>
      }
    />
  );
}
