import { ITEM_UNITS, type Item } from '@siteledger/domain';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useListPage } from '../../components/list-page/use-list-page';
import { ManageTagsLink } from '../../components/manage-tags-link';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { unitOptions } from '../../components/ui/quantity-field';
import { useTags } from '../../lib/tags-api';
import { useDeleteItem, useItems } from './api';
import { ItemFormDialog } from './item-form-dialog';
import { useItemColumns } from './items-columns';

const FILTERS = ['unit', 'tag'] as const;
const NAMES = { ns: 'items', one: 'item', many: 'items' };

export function ItemsPage() {
  const { t } = useTranslation();
  const page = useListPage<Item>({
    names: NAMES,
    resource: 'items',
    sort: 'name',
    filters: FILTERS,
    rowName: (item) => item.name,
    remove: useDeleteItem(),
  });
  const { list, form } = page;
  const items = useItems(list.query);
  const tags = useTags('item_category');
  const { columns, mobileCard } = useItemColumns(page.actions, page.actionsColumn);
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));

  return (
    <ListPage
      page={page}
      query={items}
      columns={columns}
      mobileCard={mobileCard}
      rowHref={(item) => `/items/${item.id}`}
      emptyIcon={<Package />}
      headerActions={<ManageTagsLink type="item_category" />}
      filters={
        <>
          <FilterSelect
            label={t('items.fields.unit')}
            value={list.filters.unit ?? ''}
            onChange={(value) => list.setFilter('unit', value)}
            allLabel={t('items.filters.allUnits')}
            options={unitOptions(t, ITEM_UNITS)}
            testId="items-filter-unit"
          />
          <FilterSelect
            label={t('items.fields.categories')}
            value={list.filters.tag ?? ''}
            onChange={(value) => list.setFilter('tag', value)}
            allLabel={t('items.filters.allCategories')}
            options={tagOptions}
            testId="items-filter-tag"
          />
        </>
      }
      dialogs={
        <ItemFormDialog open={form.open} onOpenChange={form.onOpenChange} item={form.editing} />
      }
    />
  );
}
