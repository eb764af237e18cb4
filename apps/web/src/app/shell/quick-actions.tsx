import { permissionsFor } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '../../components/ui/menu';
import { cn } from '../../lib/cn';
import { iconFor } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import {
  pageActionsFor,
  quickActionsFor,
  quickActionTestId,
  type QuickAction,
} from './quick-action-list';
import { useQuickActionLimit, useQuickActionRunner } from './use-quick-action';
import { useRoleRights } from '../../lib/role-rights';
import { usePettyHolder } from '../../features/petty/use-petty-holder';

function ListItem({ action, run }: { action: QuickAction; run: (a: QuickAction) => void }) {
  const { t } = useTranslation();
  const { blocked, reason } = useQuickActionLimit(action);
  const Icon = iconFor(action.navKey);
  return (
    <MenuItem
      disabled={blocked}
      title={blocked ? reason : undefined}
      onSelect={() => run(action)}
      className="min-h-11 py-2.5 text-[15px]"
      data-testid={quickActionTestId(action)}
    >
      <Icon aria-hidden="true" />
      <span className="min-w-0 flex-1">
        {t(`quickActions.actions.${action.key}`)}
        {blocked ? (
          <span className="mt-0.5 block text-xs leading-snug text-fg-muted">{reason}</span>
        ) : null}
      </span>
    </MenuItem>
  );
}

/** Below 768 px: a floating button whose list starts with the current page's own add action. */
export function QuickActionFab() {
  const { t } = useTranslation();
  const { role } = useSession();
  const { pathname } = useLocation();
  const run = useQuickActionRunner();
  const rights = useRoleRights();
  const pettyHolder = usePettyHolder();
  const [open, setOpen] = useState(false);
  const actions = quickActionsFor(pathname, permissionsFor(role), rights, pettyHolder);
  if (actions.length === 0) return null;
  // The page's own actions (Stock has two) head the list under "This page".
  const ownKeys = new Set(pageActionsFor(pathname).map((action) => action.key));
  const mine = actions.filter((action) => ownKeys.has(action.key));
  const rest = actions.filter((action) => !ownKeys.has(action.key));
  const split = mine.length > 0;
  return (
    <>
      {/* Room below the page's last row, so the floating button never hides it for good. */}
      <div aria-hidden="true" className="h-[calc(4.5rem+var(--app-dock-height,0px))] md:hidden" />
      <MenuRoot open={open} onOpenChange={setOpen}>
        <MenuTrigger
          aria-label={t('quickActions.open')}
          data-testid="quick-fab"
          className={cn(
            'fixed right-4 z-30 flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-fg shadow-pop transition-transform hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring active:scale-95 md:hidden',
            // Above the safe area and above whatever the bottom dock shows (offline, update, install).
            'bottom-[calc(1rem+env(safe-area-inset-bottom)+var(--app-dock-height,0px))]',
          )}
        >
          <Plus
            className={cn('size-7 transition-transform duration-200', open && 'rotate-45')}
            aria-hidden="true"
          />
        </MenuTrigger>
        <MenuContent
          side="top"
          align="end"
          sideOffset={12}
          className="min-w-64"
          data-testid="quick-list"
        >
          {split ? (
            <>
              <MenuLabel>{t('quickActions.thisPage')}</MenuLabel>
              {mine.map((action) => (
                <ListItem key={action.key} action={action} run={run} />
              ))}
              <MenuSeparator />
              <MenuLabel>{t('quickActions.record')}</MenuLabel>
              {rest.map((action) => (
                <ListItem key={action.key} action={action} run={run} />
              ))}
            </>
          ) : (
            <>
              <MenuLabel>{t('quickActions.record')}</MenuLabel>
              {actions.map((action) => (
                <ListItem key={action.key} action={action} run={run} />
              ))}
            </>
          )}
        </MenuContent>
      </MenuRoot>
    </>
  );
}
