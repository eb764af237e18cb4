/**
 * /labour (issue 44): the day's muster (default tab, a phone screen that works without signal)
 * and the site's workers (list, add/edit with photo, delete). The add button adds a worker on
 * both tabs: a new face at the gate is added and marked in the same minute.
 */
import type { Worker } from '@siteledger/domain';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { QueuedRecords } from '../../components/queued-records';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { useListPageData } from '../../components/page/use-list-page-data';
import { useDeleteWorker, useWorkers } from './api';
import { MusterTab } from './muster-tab';
import { useWorkerColumns } from './worker-columns';
import { WorkerFormDialog } from './worker-form-dialog';

const TABS = ['muster', 'workers'] as const;
const FILTERS = ['active', 'labour_contractor'] as const;
// Test ids worker-add, workers-toolbar, workers-table; the page's page-labour, tour labour-page.
const NAMES = { ns: 'labour', one: 'worker', many: 'workers', page: 'labour' };

export function LabourPage() {
  const { t } = useTranslation();
  const tab = useUrlTab(TABS);
  const { table, form } = useListPageData<Worker>(
    {
      names: NAMES,
      resource: 'workers',
      sort: 'name',
      filters: FILTERS,
      rowName: (worker) => worker.name,
      remove: useDeleteWorker(),
    },
    { useRecords: useWorkers, useColumns: useWorkerColumns },
  );

  return (
    <ListPage
      {...table}
      emptyIcon={<Users />}
      tabs={
        <>
          <UrlTabs
            tabs={TABS}
            tab={tab}
            label={(name) => t(`labour.tabs.${name}`)}
            testId="labour-tab"
            tour="labour-tabs"
          />
          {/* Workers added without signal: on both tabs, as they join the muster once sent. */}
          <QueuedRecords collection="workers" />
        </>
      }
      content={tab === 'muster' ? <MusterTab /> : undefined}
      filterBy={[
        selectFilter(
          'active',
          [
            { value: 'true', label: t('labour.workers.active') },
            { value: 'false', label: t('labour.workers.inactive') },
          ],
          { all: 'allWorkers' },
        ),
        entityFilter('labour_contractor', 'vendors', {
          id: 'contractor',
          label: 'labourContractor',
          all: 'allContractors',
        }),
      ]}
      dialogs={
        <WorkerFormDialog open={form.open} onOpenChange={form.onOpenChange} worker={form.editing} />
      }
    />
  );
}
