/**
 * "Manage tags": from a list whose records carry tags (items, services, vendors) to the tag page,
 * filtered to that kind of tag.
 *
 *   <PageHeader … actions={<><ManageTagsLink type="item_category" /><AddButton … /></>} />
 */
import type { TagType } from '@siteledger/domain';
import { Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button';

export function ManageTagsLink({ type, testId }: { type: TagType; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/tags?type=${type}`}
      className={buttonClasses('secondary', 'md')}
      data-testid={testId ?? 'manage-tags'}
    >
      <Tags className="size-4" aria-hidden="true" />
      {t('tags.manage.link')}
    </Link>
  );
}
