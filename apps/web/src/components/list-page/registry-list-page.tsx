/**
 * The list page of a record type that has no list page of its own (issue 41): drawn from its
 * registry entry. Its columns are its fields (not references or files), sortable where the
 * entry's `list` sorts by them; its search, equality filters, date range and default sort are
 * the entry's `list`; adding and editing open the form drawn from the entry, offered as the
 * role's permissions allow when the entry has the routes (edit and delete need both); its
 * header offers the list as CSV or XLSX (`<name>-export`) when the entry lets it be downloaded.
 * Strings and test ids follow the list skeleton's names: `ns` is the page's key, the test ids are
 * named after its path.
 */
import {
  recordTypeOf,
  type PagedRecordType,
  type PlanResource,
  type RecordTypeDef,
} from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../ui/data-table';
import { pageName, pageTypeOf } from '../../lib/record-types';
import { useDeleteRecord, useRecordList } from '../../lib/site-records';
import { ListPage } from './list-page';
import { formatField, listedFields, NUMERIC, type RegistryRow } from './registry-fields';
import { RegistryFormDialog } from './registry-form-dialog';
import type { ListNames } from './list-types';
import { useListPage } from './use-list-page';

/** The table's columns of a registry entry; headers are `<ns>.fields.<field>`. */
export function registryColumns(
  type: RecordTypeDef,
  ns: string,
  t: TFunction,
  language: string,
): DataTableColumn<RegistryRow>[] {
  const sorts = new Set(type.list?.sorts ?? []);
  return listedFields(type).map(([field, codec]) => ({
    key: field,
    header: t(`${ns}.fields.${field}`),
    cell: (row: RegistryRow) => formatField(codec, row[field], language),
    ...(sorts.has(field) ? { sortKey: field } : {}),
    ...(NUMERIC.has(codec.kind) ? { align: 'right' as const } : {}),
  }));
}

/** The registry entry of `collection`, which must have a page. */
function pagedType(collection: string): PagedRecordType {
  const type = recordTypeOf(collection);
  if (!type?.page) throw new Error(`No record type ${collection} with a page`);
  return { ...type, page: type.page };
}

export function RegistryListPage({ collection }: { collection: string }) {
  const { t, i18n } = useTranslation();
  const type = pagedType(collection);
  const web = pageTypeOf(type);
  const name = pageName(web);
  const names: ListNames = { ns: type.page.key, one: name, many: name };
  const fields = listedFields(type);
  const remove = useDeleteRecord(collection);
  const page = useListPage<RegistryRow>({
    names,
    // Not counted when the entry is no plan resource: the plan then has no cap for it.
    resource: collection as PlanResource,
    sort: type.list?.defaultSort,
    filters: type.list?.filters,
    rowName: (row) => String(row[fields[0]?.[0] ?? 'id'] ?? ''),
    remove: type.permissions.delete ? remove : undefined,
  });
  const records = useRecordList<RegistryRow>(collection, page.list.query);
  // A route the entry does not have is offered to no role (a read-only type lists only).
  const routes = type.permissions;
  const can = { ...page.can, canCreate: page.can.canCreate && Boolean(routes.create) };
  const actions = routes.update && routes.delete ? page.actionsColumn : [];
  const columns = [...registryColumns(type, names.ns, t, i18n.language), ...actions];

  return (
    <ListPage
      page={{ ...page, can }}
      query={records}
      columns={columns}
      mobileCard={(row) =>
        fields.map(([field, codec]) => formatField(codec, row[field], i18n.language)).join(' · ')
      }
      rowHref={type.page.detailPage ? (row) => `${type.page.path}/${row.id}` : undefined}
      dateRange={Boolean(type.list?.date)}
      emptyIcon={<web.icon />}
      dialogs={
        <RegistryFormDialog
          type={type}
          names={names}
          open={page.form.open}
          onOpenChange={page.form.onOpenChange}
          record={page.form.editing}
        />
      }
    />
  );
}
