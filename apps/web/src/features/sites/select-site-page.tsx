import type { Role, Site } from '@siteledger/domain';
import { Building2, Lock, Plus, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useReceivedInvitations } from '../../lib/invitations-api';
import { useSiteAllowance, useSites, type SiteListItem } from './api';
import { CreateSiteDialog } from './create-site-dialog';
import { CreateSiteForm } from './create-site-form';
import { InvitationList } from './invitation-list';
import { SiteCard } from './site-card';

/** Spec part 9: a single site is selected automatically after about 100 ms. */
export const AUTO_SELECT_DELAY_MS = 100;

export function SelectSitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user, siteId, selectSite } = useSession();
  const sites = useSites();
  const invitations = useReceivedInvitations();
  const allowance = useSiteAllowance();
  const [creating, setCreating] = useState(false);
  const canCreate = allowance.data?.can_create ?? true;

  const choose = useCallback(
    (id: string, role: Role | null) => {
      selectSite(id, role);
      void navigate('/', { replace: true });
    },
    [selectSite, navigate],
  );

  const onCreated = (site: Site) => {
    setCreating(false);
    toast.success(t('sites.create.success', { name: site.name }));
    choose(site.id, site.role ?? 'owner');
  };

  const list = sites.data ?? [];
  const pending = invitations.data ?? [];
  const only = list.length === 1 ? list[0] : undefined;
  // Invitations that cannot be loaded do not hold the only site back.
  const invitationsSettled = invitations.isSuccess || invitations.isError;
  const shouldAutoSelect = Boolean(only) && invitationsSettled && pending.length === 0 && !siteId;

  /** Spec part 2: accepting reloads the sites and opens the site if it is now the only one. */
  const onAccepted = useCallback(async () => {
    const reloaded = await sites.refetch();
    const now = reloaded.data ?? [];
    const single = now.length === 1 ? now[0] : undefined;
    if (single) setTimeout(() => choose(single.id, single.role), AUTO_SELECT_DELAY_MS);
  }, [sites, choose]);

  useEffect(() => {
    if (!shouldAutoSelect || !only) return;
    const timer = setTimeout(() => choose(only.id, only.role), AUTO_SELECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shouldAutoSelect, only, choose]);

  if (sites.isPending) return <SelectSiteSkeleton />;

  if (sites.isError) {
    return (
      <PageFrame title={t('sites.select.title')}>
        <Alert tone="error" title={t('sites.select.loadFailed')}>
          {errorMessage(sites.error, t)}
        </Alert>
        <Button
          variant="secondary"
          className="mt-4"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          onClick={() => void sites.refetch()}
        >
          {t('common.retry')}
        </Button>
      </PageFrame>
    );
  }

  if (list.length === 0) {
    return (
      <PageFrame
        title={t('sites.select.welcome', { name: user?.name?.split(' ')[0] ?? '' })}
        subtitle={t('sites.select.noSitesSubtitle')}
      >
        {pending.length > 0 ? (
          <div className="mb-8">
            <InvitationList invitations={pending} onAccepted={() => void onAccepted()} />
          </div>
        ) : null}
        <Card className="p-5 sm:p-7" data-testid="create-first-site">
          <div className="mb-6 flex items-start gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
              <Building2 className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h2 className="text-lg font-semibold text-fg">{t('sites.create.firstTitle')}</h2>
              <p className="mt-1 text-sm leading-relaxed text-fg-muted">
                {t('sites.create.firstSubtitle')}
              </p>
            </div>
          </div>
          <CreateSiteForm onCreated={onCreated} autoFocus={pending.length === 0} />
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={t('sites.select.title')}
      subtitle={t('sites.select.subtitle')}
      action={
        <div className="flex flex-col gap-1.5 sm:max-w-xs sm:items-end">
          <Button
            onClick={() => setCreating(true)}
            disabled={!canCreate}
            icon={
              canCreate ? (
                <Plus className="size-4" aria-hidden="true" />
              ) : (
                <Lock className="size-4" aria-hidden="true" />
              )
            }
            data-testid="create-new-site"
          >
            {t('sites.create.newSite')}
          </Button>
          {!canCreate ? (
            <p className="text-xs leading-relaxed text-fg-muted sm:text-right">
              {t('sites.allowance.limit', { count: allowance.data?.max_sites ?? 0 })}
            </p>
          ) : null}
        </div>
      }
    >
      {pending.length > 0 ? (
        <div className="mb-8">
          <InvitationList invitations={pending} onAccepted={() => void onAccepted()} />
        </div>
      ) : null}
      <section aria-label={t('sites.select.yourSites')} className="space-y-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-fg-muted">
          {t('sites.select.yourSites')}
        </h2>
        <div className="grid gap-4 md:grid-cols-2" data-testid="site-list">
          {list.map((site: SiteListItem) => (
            <SiteCard
              key={site.id}
              site={site}
              current={site.id === siteId}
              onSelect={(picked) => choose(picked.id, picked.role)}
            />
          ))}
        </div>
      </section>
      {shouldAutoSelect ? (
        <p className="mt-6 text-center text-sm text-fg-muted" role="status">
          {t('sites.select.opening', { name: only?.name ?? '' })}
        </p>
      ) : null}
      <CreateSiteDialog open={creating} onOpenChange={setCreating} onCreated={onCreated} />
    </PageFrame>
  );
}

function PageFrame({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12"
      data-testid="select-site-page"
    >
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{title}</h1>
          {subtitle ? <p className="text-sm leading-relaxed text-fg-muted">{subtitle}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </div>
  );
}

function SelectSiteSkeleton() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12" aria-busy="true">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-10 grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    </div>
  );
}
