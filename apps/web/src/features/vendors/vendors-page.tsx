import type { Vendor } from '@siteledger/domain';
import { Store } from 'lucide-react';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { ManageTagsLink } from '../../components/manage-tags-link';
import { useTags } from '../../lib/tags-api';
import { useDeleteVendor, useVendors } from './api';
import { VendorFormDialog } from './vendor-form-dialog';
import { useVendorColumns } from './vendors-columns';

const FILTERS = ['tag'] as const;
const NAMES = { ns: 'vendors', one: 'vendor', many: 'vendors' };

export function VendorsPage() {
  const { table, form } = useListPageData<Vendor>(
    {
      names: NAMES,
      resource: 'vendors',
      sort: 'name',
      filters: FILTERS,
      rowName: (vendor) => vendor.name,
      remove: useDeleteVendor(),
    },
    { useRecords: useVendors, useColumns: useVendorColumns },
  );
  const tags = useTags('specialty');

  return (
    <ListPage
      {...table}
      rowHref={(vendor) => `/vendors/${vendor.id}`}
      emptyIcon={<Store />}
      headerActions={<ManageTagsLink type="specialty" />}
      filterBy={[
        selectFilter(
          'tag',
          (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
          { label: 'specialty', all: 'allSpecialties' },
        ),
      ]}
      dialogs={
        <VendorFormDialog open={form.open} onOpenChange={form.onOpenChange} vendor={form.editing} />
      }
    />
  );
}
