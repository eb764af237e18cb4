import { ITEM_UNITS, type Item } from '@siteledger/domain';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { ManageTagsLink } from '../../components/manage-tags-link';
import { unitOptions } from '../../components/ui/quantity-field';
import { useTags } from '../../lib/tags-api';
import { useDeleteItem, useItems } from './api';
import { ItemFormDialog } from './item-form-dialog';
import { useItemColumns } from './items-columns';

const FILTERS = ['unit', 'tag'] as const;
const NAMES = { ns: 'items', one: 'item', many: 'items' };

export function ItemsPage() {
  const { t } = useTranslation();
  const { table, form } = useListPageData<Item>(
    {
      names: NAMES,
      resource: 'items',
      sort: 'name',
      filters: FILTERS,
      rowName: (item) => item.name,
      remove: useDeleteItem(),
    },
    { useRecords: useItems, useColumns: useItemColumns },
  );
  const tags = useTags('item_category');
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));

  return (
    <ListPage
      {...table}
      rowHref={(item) => `/items/${item.id}`}
      emptyIcon={<Package />}
      headerActions={<ManageTagsLink type="item_category" />}
      filterBy={[
        selectFilter('unit', unitOptions(t, ITEM_UNITS), { all: 'allUnits' }),
        selectFilter('tag', tagOptions, { label: 'categories', all: 'allCategories' }),
      ]}
      dialogs={
        <ItemFormDialog open={form.open} onOpenChange={form.onOpenChange} item={form.editing} />
      }
    />
  );
}
