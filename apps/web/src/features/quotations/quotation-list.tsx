import { QUOTATION_TYPES } from '@siteledger/domain';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListAddButton } from '../../components/list-page/list-add-button';
import { ListEmpty } from '../../components/list-page/list-empty';
import { ListSection } from '../../components/list-page/list-section';
import { EntityFilter } from '../../components/pickers/entity-picker';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { statusOptions } from '../../components/ui/status-badge';
import { useListParams } from '../../lib/list-params';
import { useQuotations } from './api';
import { useQuotationColumns, type QuotationActions } from './quotation-columns';

const FILTERS = ['vendor', 'quotation_type', 'status', 'item', 'service'] as const;
const NAMES = { ns: 'quotations', one: 'quotation', many: 'quotations' };

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
          <EntityFilter
            entity="vendors"
            label={t('quotations.fields.vendor')}
            value={list.filters.vendor ?? ''}
            onChange={(value) => list.setFilter('vendor', value)}
            allLabel={t('quotations.filters.allVendors')}
            testId="quotations-filter-vendor"
          />
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
          {serviceFilter ? (
            <EntityFilter
              entity="services"
              label={t('quotations.types.service')}
              value={list.filters.service ?? ''}
              onChange={(value) => list.setFilter('service', value)}
              allLabel={t('quotations.filters.allServices')}
              testId="quotations-filter-service"
            />
          ) : (
            <EntityFilter
              entity="items"
              label={t('quotations.types.item')}
              value={list.filters.item ?? ''}
              onChange={(value) => list.setFilter('item', value)}
              allLabel={t('quotations.filters.allItems')}
              testId="quotations-filter-item"
            />
          )}
          <FilterSelect
            label={t('quotations.fields.status')}
            value={list.filters.status ?? ''}
            onChange={(value) => list.setFilter('status', value)}
            allLabel={t('quotations.filters.allStatuses')}
            options={statusOptions(t, 'quotation')}
            className="md:w-40"
            testId="quotations-filter-status"
          />
        </>
      }
    />
  );
}
