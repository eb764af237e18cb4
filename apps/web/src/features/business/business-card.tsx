/**
 * Settings → "Business" (issue 47, owners): the business the current site belongs to — its name,
 * legal name, address, GSTINs, PAN and TAN (every site of the business deducts TDS under it) —
 * its logo (printed on its orders), with its sites, "Edit business", "Merge businesses" when the owner has more than one, the way
 * to the view across sites, and the vendors that are one party on several of its sites.
 */
import { isOwner, type Business } from '@siteledger/domain';
import { Building2, Merge, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Skeleton } from '../../components/ui/skeleton';
import { useBusiness, useBusinesses } from '../../data/businesses';
import { useSiteRecord } from '../../data/sites';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { AccountDuplicatesSection } from './account-duplicates';
import { BusinessFormDialog } from './business-form-dialog';
import { BusinessLogo } from './business-logo';
import { CatalogDuplicatesSection } from './catalog-duplicates';
import { MergeDialog } from './merge-dialog';
import { VendorDuplicatesSection } from './vendor-duplicates';

const MONO = 'font-mono font-medium tracking-wide text-fg';

function BusinessFacts({ business }: { business: Business }) {
  const { t } = useTranslation();
  const none = (value: string | null) => value || t('business.none');
  return (
    <dl
      className="grid gap-x-4 gap-y-2 rounded-xl bg-surface-muted/70 px-3.5 py-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
      data-testid="business-facts"
    >
      <dt className="text-fg-muted">{t('business.fields.legalName')}</dt>
      <dd className="font-medium text-fg">{none(business.legal_name)}</dd>
      <dt className="text-fg-muted">{t('business.fields.address')}</dt>
      <dd className="whitespace-pre-line text-fg">{none(business.address)}</dd>
      <dt className="text-fg-muted">{t('business.fields.gstins')}</dt>
      <dd className={business.gstins.length ? MONO : 'text-fg'} data-testid="business-gstin-list">
        {business.gstins.length
          ? business.gstins.map((gstin) => (
              <span key={gstin} className="block">
                {gstin}
              </span>
            ))
          : t('business.none')}
      </dd>
      <dt className="text-fg-muted">{t('business.fields.pan')}</dt>
      <dd className={business.pan ? MONO : 'text-fg'}>{none(business.pan)}</dd>
      <dt className="text-fg-muted">{t('business.fields.tan')}</dt>
      <dd data-testid="business-tan">
        <span className={business.tan ? MONO : 'text-fg'}>{none(business.tan)}</span>
        <span className="block text-xs text-fg-muted">{t('business.fields.tanHint')}</span>
      </dd>
    </dl>
  );
}

function BusinessSites({ business }: { business: Business }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-fg">
        {t('business.sitesCount', { count: business.sites.length })}
      </p>
      <ul className="flex flex-wrap gap-2" data-testid="business-sites">
        {business.sites.map((site) => (
          <li key={site.id}>
            <Badge tone={site.is_active ? 'primary' : 'neutral'}>
              {site.name}
              {site.is_active ? '' : ` · ${t('business.inactive')}`}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BusinessCard() {
  const { t } = useTranslation();
  const { siteId, role } = useSession();
  const owner = isOwner(role);
  const site = useSiteRecord<{ business?: string }>(siteId ?? '', owner);
  const business = useBusiness(site.data?.business);
  const businesses = useBusinesses(owner);
  const [dialog, setDialog] = useState<'edit' | 'merge' | null>(null);
  if (!owner || !siteId) return null;
  const current = business.data;
  const others = (businesses.data ?? []).filter((one) => one.id !== current?.id);
  const failed = site.error ?? business.error;

  return (
    <SectionCard
      testId="settings-business"
      texts="business.card"
      bodyClassName="space-y-4"
      after={
        current ? (
          <>
            <BusinessFormDialog
              business={current}
              open={dialog === 'edit'}
              onOpenChange={(next) => setDialog(next ? 'edit' : null)}
            />
            <MergeDialog
              business={current}
              others={others}
              open={dialog === 'merge'}
              onOpenChange={(next) => setDialog(next ? 'merge' : null)}
            />
          </>
        ) : null
      }
    >
      {failed ? (
        <Alert tone="error" testId="business-load-error">
          {errorMessage(failed, t)}
        </Alert>
      ) : !current ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          <p className="truncate font-semibold text-fg" data-testid="business-name">
            {current.name}
          </p>
          <BusinessFacts business={current} />
          <BusinessLogo business={current} />
          <BusinessSites business={current} />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button
              variant="secondary"
              className="h-11 sm:h-10"
              icon={<Pencil className="size-4" aria-hidden="true" />}
              onClick={() => setDialog('edit')}
              data-testid="business-edit"
            >
              {t('business.edit')}
            </Button>
            {others.length > 0 ? (
              <Button
                variant="secondary"
                className="h-11 sm:h-10"
                icon={<Merge className="size-4" aria-hidden="true" />}
                onClick={() => setDialog('merge')}
                data-testid="business-merge-open"
              >
                {t('business.merge.open')}
              </Button>
            ) : null}
            <Link
              to="/business"
              className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring sm:min-h-10"
              data-testid="business-across-sites-link"
            >
              <Building2 className="size-4" aria-hidden="true" />
              {t('business.page.open')}
            </Link>
          </div>
          <VendorDuplicatesSection business={current} />
          <AccountDuplicatesSection business={current} />
          <CatalogDuplicatesSection business={current} />
        </>
      )}
    </SectionCard>
  );
}
