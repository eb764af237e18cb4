import type { Service } from '@siteledger/domain';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useListPage } from '../../components/list-page/use-list-page';
import { ManageTagsLink } from '../../components/manage-tags-link';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { useTags } from '../../lib/tags-api';
import { useDeleteService, useServices } from './api';
import { ServiceFormDialog } from './service-form-dialog';
import { categoryOptions } from './service-labels';
import { useServiceColumns } from './services-columns';

const FILTERS = ['category', 'is_active', 'tag'] as const;
const NAMES = { ns: 'services', one: 'service', many: 'services' };

export function ServicesPage() {
  const { t } = useTranslation();
  const page = useListPage<Service>({
    names: NAMES,
    resource: 'services',
    sort: 'name',
    filters: FILTERS,
    rowName: (service) => service.name,
    remove: useDeleteService(),
  });
  const { list, form } = page;
  const services = useServices(list.query);
  const tags = useTags('service_category');
  const { columns, mobileCard } = useServiceColumns(page.actions, page.actionsColumn);
  const activeOptions = [
    { value: 'true', label: t('services.active') },
    { value: 'false', label: t('services.inactive') },
  ];

  return (
    <ListPage
      page={page}
      query={services}
      columns={columns}
      mobileCard={mobileCard}
      rowHref={(service) => `/services/${service.id}`}
      emptyIcon={<Wrench />}
      headerActions={<ManageTagsLink type="service_category" />}
      filters={
        <>
          <FilterSelect
            label={t('services.fields.category')}
            value={list.filters.category ?? ''}
            onChange={(value) => list.setFilter('category', value)}
            allLabel={t('services.filters.allCategories')}
            options={categoryOptions(t)}
            testId="services-filter-category"
          />
          <FilterSelect
            label={t('services.fields.status')}
            value={list.filters.is_active ?? ''}
            onChange={(value) => list.setFilter('is_active', value)}
            allLabel={t('services.filters.allStatuses')}
            options={activeOptions}
            testId="services-filter-active"
          />
          <FilterSelect
            label={t('services.fields.tags')}
            value={list.filters.tag ?? ''}
            onChange={(value) => list.setFilter('tag', value)}
            allLabel={t('services.filters.allTags')}
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            testId="services-filter-tag"
          />
        </>
      }
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
