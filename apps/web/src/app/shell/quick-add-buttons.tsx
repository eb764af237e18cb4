import { permissionsFor } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { iconFor } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import {
  allowedActions,
  RECORD_ACTIONS,
  recordActionsFor,
  type QuickAction,
} from './quick-action-list';
import { useQuickActionLimit, useQuickActionRunner } from './use-quick-action';
import { useRoleRights } from '../../lib/role-rights';
import { usePettyHolder } from '../../features/petty/use-petty-holder';

const TOP_BAR_IDS: Record<string, string> = {
  serviceBookings: 'quick-add-booking',
  deliveries: 'quick-add-delivery',
  payments: 'quick-add-payment',
  pettyCash: 'quick-add-petty',
};

function TopBarButton({ action, run }: { action: QuickAction; run: (a: QuickAction) => void }) {
  const { t } = useTranslation();
  const { blocked, reason } = useQuickActionLimit(action);
  const Icon = iconFor(action.navKey);
  const label = t(`quickActions.actions.${action.key}`);
  return (
    <button
      type="button"
      onClick={() => run(action)}
      disabled={blocked}
      aria-label={label}
      title={blocked ? reason : label}
      data-testid={TOP_BAR_IDS[action.key]}
      className="inline-flex h-9 items-center gap-2.5 rounded-lg px-2.5 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent"
    >
      <span className="relative shrink-0" aria-hidden="true">
        <Icon className="size-[18px]" />
        <Plus className="absolute -right-1.5 -top-1.5 size-3 rounded-full bg-primary stroke-[3] p-px text-primary-fg" />
      </span>
      <span className="hidden xl:inline">{t(`quickActions.short.${action.key}`)}</span>
    </button>
  );
}

/**
 * Record service booking, delivery and payment from the top bar (768 px and up; labels from
 * 1280 px), and "Spent" for a petty cash holder. Without a selected site they explain that a
 * site comes first.
 */
export function QuickAddButtons() {
  const { t } = useTranslation();
  const { siteId, role } = useSession();
  const { pathname } = useLocation();
  const run = useQuickActionRunner();
  const rights = useRoleRights();
  const pettyHolder = usePettyHolder();
  if (pathname === '/select-site') return null;
  const actions = siteId
    ? allowedActions(recordActionsFor(pettyHolder), permissionsFor(role), rights)
    : RECORD_ACTIONS;
  if (actions.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={t('quickActions.toolbar')}
      className="hidden items-center gap-0.5 rounded-xl border border-border bg-surface p-0.5 shadow-sm md:flex"
      data-testid="quick-add"
    >
      {actions.map((action) => (
        <TopBarButton key={action.key} action={action} run={run} />
      ))}
    </div>
  );
}
