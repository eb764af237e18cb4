import { isOwner } from '@siteledger/domain';
import { Building2, ChevronsUpDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuContent, MenuRoot, MenuTrigger } from '../../components/ui/menu';
import { CurrentSiteSection, OtherSitesSection, SiteCreateSection } from './site-selector-sections';
import { useSiteFacts, useSiteSelector } from './use-site-selector';

// The site dialogs (forms: react-hook-form, zod) load when first opened, not with the shell every
// page waits for (issue 42).
const CreateSiteDialog = lazy(() =>
  import('../../features/sites/create-site-dialog').then((m) => ({ default: m.CreateSiteDialog })),
);
const ManageSiteDialog = lazy(() =>
  import('../../features/sites/manage-site-dialog').then((m) => ({ default: m.ManageSiteDialog })),
);
const DeleteSiteDialog = lazy(() =>
  import('../../features/sites/delete-site-dialog').then((m) => ({ default: m.DeleteSiteDialog })),
);

/** True from the first time `open` is true on: a dialog stays mounted so it can animate closed. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The current site with units and area, a manage button (admins of the current site; owners of
 * another), the other sites to switch to, and Create New Site (disabled, with the plan's message,
 * when the plan's site limit is reached).
 */
export function SiteSelector() {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  const selector = useSiteSelector();
  const { current } = selector;
  const creatorMounted = useOpenedOnce(selector.creating);
  const managerMounted = useOpenedOnce(selector.dialog?.kind === 'manage');
  const deleterMounted = useOpenedOnce(selector.dialog?.kind === 'delete');

  return (
    <>
      <MenuRoot>
        <MenuTrigger
          data-testid="site-selector"
          className="group flex min-w-0 max-w-full items-center gap-2.5 rounded-xl px-2 py-1.5 text-left transition-colors hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring data-[state=open]:bg-surface-hover"
          aria-label={t('sites.selector.label', { name: current?.name ?? '' })}
        >
          <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg sm:flex">
            <Building2 className="size-[18px]" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span
              className="block truncate text-sm font-semibold text-fg"
              data-testid="current-site-name"
            >
              {current?.name ?? t('sites.selector.none')}
            </span>
            {current ? (
              <span className="hidden truncate text-xs text-fg-muted sm:block">
                {facts(current)}
              </span>
            ) : null}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent
          align="start"
          className="w-[22rem]"
          data-testid="site-selector-menu"
          onCloseAutoFocus={(event) => {
            if (selector.toDialog.current) event.preventDefault();
            selector.toDialog.current = false;
          }}
        >
          {current ? (
            <CurrentSiteSection current={current} onManage={selector.manageFromMenu} />
          ) : null}
          {selector.others.length > 0 ? (
            <OtherSitesSection
              others={selector.others}
              onSwitch={selector.switchTo}
              onManage={selector.manageFromMenu}
            />
          ) : null}
          <SiteCreateSection
            canCreate={selector.canCreate}
            maxSites={selector.maxSites}
            isCurrentOwner={isOwner(current?.role)}
            onCreate={selector.createFromMenu}
          />
        </MenuContent>
      </MenuRoot>
      <Suspense fallback={null}>
        {creatorMounted ? (
          <CreateSiteDialog
            open={selector.creating}
            onOpenChange={selector.setCreating}
            onCreated={selector.onCreated}
          />
        ) : null}
        {managerMounted ? (
          <ManageSiteDialog
            site={selector.dialogSite}
            open={selector.dialog?.kind === 'manage'}
            onOpenChange={(next) => !next && selector.close()}
            onDelete={(site) => selector.open('delete', site)}
          />
        ) : null}
        {deleterMounted ? (
          <DeleteSiteDialog
            site={selector.dialogSite}
            open={selector.dialog?.kind === 'delete'}
            onOpenChange={(next) => !next && selector.close()}
          />
        ) : null}
      </Suspense>
    </>
  );
}
