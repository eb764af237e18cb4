import type { Site } from '@siteledger/domain';
import { Building2, Lock, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { CreateSiteForm } from './create-site-form';

/** The select-site page's heading, subtitle and optional action above its content. */
export function PageFrame({
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

/** The page while the sites load. */
export function SelectSiteSkeleton() {
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

/** Without any site: the form to create the first one. */
export function CreateFirstSite({
  onCreated,
  autoFocus,
}: {
  onCreated: (site: Site) => void;
  autoFocus: boolean;
}) {
  const { t } = useTranslation();
  return (
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
      <CreateSiteForm onCreated={onCreated} autoFocus={autoFocus} />
    </Card>
  );
}

/** Create New Site, disabled with the plan's message at its site limit. */
export function NewSiteAction({
  canCreate,
  maxSites,
  onCreate,
}: {
  canCreate: boolean;
  maxSites: number;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-xs sm:items-end">
      <Button
        onClick={onCreate}
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
          {t('sites.allowance.limit', { count: maxSites })}
        </p>
      ) : null}
    </div>
  );
}
