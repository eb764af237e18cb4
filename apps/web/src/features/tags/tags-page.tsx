import { permissionsFor, TAG_TYPES, type Tag } from '@siteledger/domain';
import { Tags } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../components/list-page/list-empty';
import { PagedTable } from '../../components/list-page/paged-table';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { PageHeader } from '../../components/ui/page-header';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { useTagList } from './api';
import { useTagColumns } from './tag-columns';
import { TagDeleteDialog } from './tag-delete-dialog';
import { backFor, isTagType } from './tag-form';
import { TagFormDialog } from './tag-form-dialog';

const FILTERS = ['type'] as const;

/**
 * /tags: every tag of the site with how many records use it (most used first). Readers see the
 * list; canUpdate renames and recolours; canDelete deletes, after a confirmation naming the count.
 */
export function TagsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  const list = useListParams({ filters: FILTERS });
  const type = isTagType(list.filters.type) ? list.filters.type : undefined;
  const tags = useTagList({ ...list.query, type });
  const [editing, setEditing] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const { columns, mobileCard } = useTagColumns({
    onEdit: can.canUpdate ? setEditing : undefined,
    onDelete: can.canDelete ? setDeleting : undefined,
  });
  const back = backFor(type);

  return (
    <div data-testid="page-tags">
      <PageHeader
        title={t('tags.manage.title')}
        subtitle={t('tags.manage.subtitle')}
        back={back ? { to: back.to, label: t(back.labelKey) } : undefined}
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('tags.manage.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={type ? 1 : 0}
        testId="tags-toolbar"
        filters={
          <FilterSelect
            label={t('tags.manage.fields.type')}
            value={type ?? ''}
            onChange={(value) => list.setFilter('type', value)}
            allLabel={t('tags.manage.allTypes')}
            options={TAG_TYPES.map((value) => ({ value, label: t(`tags.types.${value}`) }))}
            testId="tags-filter-type"
          />
        }
      />
      <PagedTable
        query={tags}
        paging={list}
        columns={columns}
        rowKey={(tag) => tag.id}
        sort={list.sort}
        onSortChange={list.toggleSort}
        mobileCard={mobileCard}
        empty={<ListEmpty list={list} ns="tags.manage" icon={<Tags />} />}
        label={t('tags.manage.title')}
        testId="tags-table"
        rowTestId={(tag) => `tag-row-${tag.id}`}
      />
      <TagFormDialog tag={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <TagDeleteDialog tag={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
