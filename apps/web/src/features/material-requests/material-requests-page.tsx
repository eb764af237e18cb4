import type { MaterialRequest } from '@siteledger/domain';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { QueuedRecords } from '../../components/queued-records';
import { useMaterialRequests } from './api';
import { useMaterialRequestColumns } from './material-request-columns';
import { MaterialRequestFormDialog } from './material-request-form-dialog';
import { statusFilterOptions } from './request-labels';

const FILTERS = ['status'] as const;
const NAMES = {
  ns: 'materialRequests',
  one: 'request',
  many: 'requests',
  page: 'material-requests',
};

/** /material-requests — what the site asks for, newest first, filtered by status and date. */
export function MaterialRequestsPage() {
  const { t } = useTranslation();
  const { form, table } = useListPageData<MaterialRequest>(
    { names: NAMES, resource: 'material_requests', sort: '-request_date', filters: FILTERS },
    { useRecords: useMaterialRequests, useColumns: useMaterialRequestColumns },
  );

  return (
    <ListPage
      {...table}
      rowHref={(request) => `/material-requests/${request.id}`}
      errorTitle={t('materialRequests.errors.loadFailed')}
      emptyIcon={<ClipboardList />}
      tabs={<QueuedRecords collection="material_requests" />}
      dateRange
      filterBy={[selectFilter('status', statusFilterOptions(t), { all: 'allStatuses' })]}
      dialogs={<MaterialRequestFormDialog open={form.open} onOpenChange={form.onOpenChange} />}
    />
  );
}
