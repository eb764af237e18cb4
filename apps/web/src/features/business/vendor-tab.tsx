/**
 * "Vendor": a party's statement across the business's sites — picked from every site's vendors
 * (or opened from Payables, `?tab=vendor&vendor=<id>`): each site's figures, the totals and the
 * entries with their site.
 */
import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { RetryAlert } from '../../components/ui/retry-button';
import { Skeleton } from '../../components/ui/skeleton';
import { useBusinesses, useBusinessVendorStatement, useSitesVendors } from '../../data/businesses';
import { VendorPicker } from './vendor-picker';
import { VendorStatement } from './vendor-statement';

export function VendorTab({ business }: { business: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const vendor = params.get('vendor');
  const businesses = useBusinesses();
  const sites = (businesses.data?.find((one) => one.id === business)?.sites ?? []).filter(
    (site) => site.is_active,
  );
  const vendors = useSitesVendors(sites);
  const statement = useBusinessVendorStatement(business, vendor);

  return (
    <section className="space-y-4" aria-label={t('business.tabs.vendor')}>
      {vendors.error ? (
        <RetryAlert
          title={t('business.vendor.vendorsFailed')}
          query={vendors}
          testId="business-vendors-error"
        />
      ) : vendors.isPending && sites.length > 0 ? (
        <Skeleton className="h-11 w-full" />
      ) : (
        <VendorPicker
          vendors={vendors.vendors}
          value={vendor}
          onChange={(next) => setParams({ tab: 'vendor', vendor: next })}
        />
      )}
      {!vendor ? (
        <div className="rounded-2xl border border-border bg-surface shadow-card">
          <EmptyState
            icon={<Truck aria-hidden="true" />}
            title={t('business.vendor.pickTitle')}
            description={t('business.vendor.pick')}
            testId="business-vendor-none"
          />
        </div>
      ) : statement.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : statement.isError ? (
        <RetryAlert
          title={t('business.vendor.loadFailed')}
          query={statement}
          testId="business-vendor-error"
        />
      ) : (
        <VendorStatement statement={statement.data} />
      )}
    </section>
  );
}
