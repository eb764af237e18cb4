import { QUOTATION_TYPES } from '@siteledger/domain';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListAddButton } from '../../components/list-page/list-add-button';
import { ListEmpty } from '../../components/list-page/list-empty';
import { ListSection } from '../../components/list-page/list-section';
import { entityFilter, ListFilters, selectFilter } from '../../components/list-page/list-filters';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { statusOptions } from '../../components/ui/status-badge';
import { useListParams } from '../../lib/list-params';
import { useQuotations } from './api';
import { useQuotationColumns, type QuotationActions } from './quotation-columns';

const FILTERS = ['vendor', 'quotation_type', 'status', 'item', 'service'] as const;
const NAMES = { ns: 'quotations', one: 'quotation', many: 'quotations' };
const BY_VENDOR = [entityFilter('vendor', 'vendors', { all: 'allVendors' })];
// A service quotation's target is a service, any other's an item (the type picks the filter).
const BY_SERVICE = entityFilter('service', 'services', {
  labelKey: 'quotations.types.service',
  all: 'allServices',
});
const BY_ITEM = entityFilter('item', 'items', {
  labelKey: 'quotations.types.item',
  all: 'allItems',
});

/** All quotations of the site: search notes; filter by vendor, type, status, item or service. */
export function QuotationList({ can, onAdd, onEdit, onDelete, onCompare }: QuotationActions) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const list = useListParams({ sort: '-created', filters: FILTERS });
  const quotations = useQuotations(list.query);
  const serviceFilter = list.filters.quotation_type === 'service';
  const { columns, mobileCard } = useQuotationColumns({ can, onEdit, onDelete, onCompare });

  // Type and target change together: a service list has no item filter and the reverse.
  const setType = (value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['quotation_type', 'item', 'service', 'page']) next.delete(key);
      if (value) next.set('quotation_type', value);
      return next;
    });

  return (
    <ListSection
      list={list}
      names={NAMES}
      query={quotations}
      columns={columns}
      mobileCard={mobileCard}
      onRowClick={can.canUpdate ? onEdit : undefined}
      empty={
        <ListEmpty
          list={list}
          ns={NAMES.ns}
          icon={<FileText />}
          action={
            can.canCreate ? <ListAddButton onClick={onAdd} label={t('quotations.add')} /> : null
          }
        />
      }
      filters={
        <>
          {/* Vendor, item and service filters search on the server once opened. */}
          <ListFilters list={list} names={NAMES} filters={BY_VENDOR} />
          <FilterSelect
            label={t('quotations.fields.type')}
            value={list.filters.quotation_type ?? ''}
            onChange={setType}
            allLabel={t('quotations.filters.allTypes')}
            options={QUOTATION_TYPES.map((type) => ({
              value: type,
              label: t(`quotations.types.${type}`),
            }))}
            className="md:w-36"
            testId="quotations-filter-type"
          />
          <ListFilters
            list={list}
            names={NAMES}
            filters={[
              serviceFilter ? BY_SERVICE : BY_ITEM,
              selectFilter('status', statusOptions(t, 'quotation'), {
                all: 'allStatuses',
                className: 'md:w-40',
              }),
            ]}
          />
        </>
      }
    />
  );
}
