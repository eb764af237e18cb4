import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { errorMessage } from '../../lib/api-client';
import type { SiteListItem } from './api';
import { CreateSiteDialog } from './create-site-dialog';
import { InvitationList } from './invitation-list';
import { SiteCard } from './site-card';
import { CreateFirstSite, NewSiteAction, PageFrame, SelectSiteSkeleton } from './select-site-parts';
import { useSelectSite } from './use-select-site';
import { RetryButton } from '../../components/ui/retry-button';

export { AUTO_SELECT_DELAY_MS } from './use-select-site';

export function SelectSitePage() {
  const { t } = useTranslation();
  const page = useSelectSite();
  const { sites, list, pending } = page;

  if (sites.isPending) return <SelectSiteSkeleton />;

  if (sites.isError) {
    return (
      <PageFrame title={t('sites.select.title')}>
        <Alert tone="error" title={t('sites.select.loadFailed')}>
          {errorMessage(sites.error, t)}
        </Alert>
        <RetryButton onRetry={() => void sites.refetch()} className="mt-4" />
      </PageFrame>
    );
  }

  if (list.length === 0) {
    return (
      <PageFrame
        title={t('sites.select.welcome', { name: page.user?.name?.split(' ')[0] ?? '' })}
        subtitle={t('sites.select.noSitesSubtitle')}
      >
        {pending.length > 0 ? (
          <div className="mb-8">
            <InvitationList invitations={pending} onAccepted={() => void page.onAccepted()} />
          </div>
        ) : null}
        <CreateFirstSite onCreated={page.onCreated} autoFocus={pending.length === 0} />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={t('sites.select.title')}
      subtitle={t('sites.select.subtitle')}
      action={
        <NewSiteAction
          canCreate={page.canCreate}
          maxSites={page.maxSites}
          onCreate={() => page.setCreating(true)}
        />
      }
    >
      {pending.length > 0 ? (
        <div className="mb-8">
          <InvitationList invitations={pending} onAccepted={() => void page.onAccepted()} />
        </div>
      ) : null}
      <section aria-label={t('sites.select.yourSites')} className="space-y-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-fg-muted">
          {t('sites.select.yourSites')}
        </h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="site-list">
          {list.map((site: SiteListItem) => (
            <SiteCard
              key={site.id}
              site={site}
              current={site.id === page.siteId}
              onSelect={(picked) => page.choose(picked.id, picked.role)}
            />
          ))}
        </div>
      </section>
      {page.shouldAutoSelect ? (
        <p className="mt-6 text-center text-sm text-fg-muted" role="status">
          {t('sites.select.opening', { name: page.only?.name ?? '' })}
        </p>
      ) : null}
      <CreateSiteDialog
        open={page.creating}
        onOpenChange={page.setCreating}
        onCreated={page.onCreated}
      />
    </PageFrame>
  );
}
