import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import type { ListParams } from '../../lib/list-params';

export type EmptyTexts = Partial<
  Record<'title' | 'description' | 'filteredTitle' | 'filteredDescription', string>
>;

/**
 * What an empty list shows: with a search or filter set, "nothing matches" and a way to clear
 * them; otherwise the list's own icon, `{ns}.empty.title|description` and its add button.
 */
export function ListEmpty({
  list,
  ns,
  icon,
  action,
  texts = {},
}: {
  list: Pick<ListParams, 'hasFilters' | 'clearFilters'>;
  ns: string;
  icon: ReactNode;
  action?: ReactNode;
  /** Strings that do not follow the `{ns}.empty.*` convention. */
  texts?: EmptyTexts;
}) {
  const { t } = useTranslation();
  return list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={texts.filteredTitle ?? t(`${ns}.empty.filteredTitle`)}
      description={texts.filteredDescription ?? t(`${ns}.empty.filteredDescription`)}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={icon}
      title={texts.title ?? t(`${ns}.empty.title`)}
      description={texts.description ?? t(`${ns}.empty.description`)}
      action={action ?? null}
    />
  );
}
