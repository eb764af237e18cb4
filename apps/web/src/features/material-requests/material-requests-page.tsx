import type { MaterialRequest } from '@siteledger/domain';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPage } from '../../components/list-page/use-list-page';
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
  const page = useListPage<MaterialRequest>({
    names: NAMES,
    resource: 'material_requests',
    sort: '-request_date',
    filters: FILTERS,
  });
  const { list, form } = page;
  const requests = useMaterialRequests(list.query);
  const { columns, mobileCard } = useMaterialRequestColumns();

  return (
    <ListPage
      page={page}
      query={requests}
      columns={columns}
      mobileCard={mobileCard}
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
