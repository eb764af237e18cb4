import type { Service } from '@siteledger/domain';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { ManageTagsLink } from '../../components/manage-tags-link';
import { useTags } from '../../lib/tags-api';
import { useDeleteService, useServices } from './api';
import { ServiceFormDialog } from './service-form-dialog';
import { categoryOptions } from './service-labels';
import { useServiceColumns } from './services-columns';

const FILTERS = ['category', 'is_active', 'tag'] as const;
const NAMES = { ns: 'services', one: 'service', many: 'services' };

export function ServicesPage() {
  const { t } = useTranslation();
  const { table, form } = useListPageData<Service>(
    {
      names: NAMES,
      resource: 'services',
      sort: 'name',
      filters: FILTERS,
      rowName: (service) => service.name,
      remove: useDeleteService(),
    },
    { useRecords: useServices, useColumns: useServiceColumns },
  );
  const tags = useTags('service_category');
  const activeOptions = [
    { value: 'true', label: t('services.active') },
    { value: 'false', label: t('services.inactive') },
  ];

  return (
    <ListPage
      {...table}
      rowHref={(service) => `/services/${service.id}`}
      emptyIcon={<Wrench />}
      headerActions={<ManageTagsLink type="service_category" />}
      filterBy={[
        selectFilter('category', categoryOptions(t), { all: 'allCategories' }),
        selectFilter('is_active', activeOptions, {
          id: 'active',
          label: 'status',
          all: 'allStatuses',
        }),
        selectFilter(
          'tag',
          (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
          { label: 'tags', all: 'allTags' },
        ),
      ]}
      dialogs={
        <ServiceFormDialog
          open={form.open}
          onOpenChange={form.onOpenChange}
          service={form.editing}
        />
      }
    />
  );
}
