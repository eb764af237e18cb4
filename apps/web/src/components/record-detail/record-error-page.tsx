import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/page-header';
import { RecordLoadError } from './record-not-found';

/**
 * A detail page whose record did not load: the page's title and back link over the error. Names
 * follow one convention, e.g. `one: 'item', ns: 'items'`: test ids `page-item-detail` and
 * `item-detail-error`, title `pages.itemDetail.title`, strings under `items.detail.notFound.*`.
 */
export function RecordErrorPage({
  one,
  ns,
  back,
  query,
}: {
  one: string;
  ns: string;
  back: { to: string; label: string };
  query: { error: unknown; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={`page-${one}-detail`}>
      <PageHeader title={t(`pages.${one}Detail.title`)} back={back} />
      <RecordLoadError
        keyPrefix={`${ns}.detail`}
        error={query.error}
        onRetry={() => void query.refetch()}
        back={back}
        testId={`${one}-detail-error`}
      />
    </div>
  );
}
