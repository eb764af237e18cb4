/**
 * /business "All sites" (issue 47, owners): a business's sites side by side — Overview, Cash,
 * Payables (ageing by party) and a Vendor's statement across them. The business is the current
 * site's, or the one picked on top when the owner has more than one.
 */
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { EmptyState } from '../../components/ui/empty-state';
import { RetryAlert } from '../../components/ui/retry-button';
import { PageFrame } from '../../components/ui/page-frame';
import { SelectField } from '../../components/ui/select-field';
import { Skeleton } from '../../components/ui/skeleton';
import { useBusinesses } from '../../data/businesses';
import { useSiteRecord } from '../../data/sites';
import { useSession } from '../../lib/session';
import { CashTab } from './cash-tab';
import { OverviewTab } from './overview-tab';
import { PayablesTab } from './payables-tab';
import { VendorTab } from './vendor-tab';

const TABS = ['overview', 'cash', 'payables', 'vendor'] as const;
type Tab = (typeof TABS)[number];

function TabBody({ tab, business }: { tab: Tab; business: string }) {
  switch (tab) {
    case 'cash':
      return <CashTab business={business} />;
    case 'payables':
      return <PayablesTab business={business} />;
    case 'vendor':
      return <VendorTab business={business} />;
    default:
      return <OverviewTab business={business} />;
  }
}

export function BusinessPage() {
  const { t } = useTranslation();
  const { siteId } = useSession();
  const tab = useUrlTab(TABS);
  const businesses = useBusinesses();
  const site = useSiteRecord<{ business?: string }>(siteId ?? '');
  const [picked, setPicked] = useState<string | null>(null);
  const [, setParams] = useSearchParams();
  // A vendor picked on one business is not the other's: the statement starts afresh.
  const pick = (id: string) => {
    setPicked(id);
    setParams(tab === TABS[0] ? {} : { tab });
  };
  const list = businesses.data ?? [];
  const chosen =
    list.find((one) => one.id === picked) ??
    list.find((one) => one.id === site.data?.business) ??
    list[0];

  return (
    <PageFrame testId="page-business" texts="business.page">
      {businesses.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : businesses.isError ? (
        <RetryAlert
          title={t('business.page.loadFailed')}
          query={businesses}
          testId="business-load-error"
        />
      ) : !chosen ? (
        <EmptyState
          icon={<Building2 aria-hidden="true" />}
          title={t('business.page.noneTitle')}
          description={t('business.page.none')}
          testId="business-none"
        />
      ) : (
        <div className="space-y-4">
          {list.length > 1 ? (
            <SelectField
              label={t('business.page.pick')}
              containerClassName="max-w-sm"
              value={chosen.id}
              options={list.map((one) => ({ value: one.id, label: one.name }))}
              onChange={(event) => pick(event.target.value)}
              data-testid="business-picker"
            />
          ) : null}
          <div className="-mx-1 overflow-x-auto px-1">
            <UrlTabs
              tabs={TABS}
              tab={tab}
              label={(name) => t(`business.tabs.${name}`)}
              testId="business-tab"
            />
          </div>
          <TabBody tab={tab} business={chosen.id} />
        </div>
      )}
    </PageFrame>
  );
}
