/**
 * The dashboard's "Petty cash" card (issue 46): a holder's own cash in hand first (as on the
 * petty cash page: less this phone's spends waiting for signal, below zero owed to him), then
 * expenses waiting for an owner (how many, how much; owners go straight to the approvals tab)
 * and what petty cash spent this month. Each figure shows only when the dashboard's answer
 * carries it (the server leaves them out for a role that does not see money), and the card not
 * at all when there is none.
 */
import { formatInr, isOwner, toPaise, type Dashboard } from '@siteledger/domain';
import { Coins, Hourglass, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { DashboardTilesCard, type DashboardTile } from '../../components/dashboard-tiles-card';
import { useQueuedOf } from '../../components/queued-records';
import { api } from '../../lib/api-client';
import { formatInteger, formatRupees } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useSiteId } from '../../lib/site-records';
import { cashInHandText, imprestFigures, type ImprestFigures } from './petty-balance';
import { useOwnImprests } from './use-petty-holder';

/** What GET …/dashboard adds for petty cash; each absent where the server leaves it out. */
export interface PettyFigures {
  petty_pending_count?: number | undefined;
  petty_pending_amount?: number | undefined;
  petty_spent_month?: number | undefined;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The holder's cash in hand, one tile per imprest he holds on the site (`cash`, `cash-2`…). */
export function cashTiles(own: readonly ImprestFigures[], t: Translate): DashboardTile[] {
  return own.map((figures, index) => ({
    id: index === 0 ? 'cash' : `cash-${index + 1}`,
    to: '/petty-cash',
    label: t('petty.balance.cashInHand'),
    value: cashInHandText(figures.cash, t),
    caption:
      figures.queued > 0
        ? t('petty.balance.waitingForSignal', { amount: formatInr(figures.queued) })
        : t('petty.balance.level', { amount: formatInr(toPaise(figures.imprest.amount)) }),
    icon: Wallet,
    tone: figures.cash < 0 ? 'amber' : 'emerald',
  }));
}

/**
 * The tiles the answer has figures for, after the holder's cash in hand (`own`); the waiting
 * ones open the approvals tab for owners.
 */
export function pettyTiles(
  figures: PettyFigures,
  t: Translate,
  owner: boolean,
  own: readonly ImprestFigures[] = [],
): DashboardTile[] {
  const tiles: DashboardTile[] = cashTiles(own, t);
  if (figures.petty_pending_count !== undefined) {
    tiles.push({
      id: 'pending',
      to: owner ? '/petty-cash?tab=approvals' : '/petty-cash',
      label: t('pettyAdmin.dashboard.pending'),
      value: formatInteger(figures.petty_pending_count),
      caption: t('pettyAdmin.dashboard.pendingCaption', {
        amount: formatRupees(figures.petty_pending_amount ?? 0),
      }),
      icon: Hourglass,
      tone: 'amber',
    });
  }
  if (figures.petty_spent_month !== undefined) {
    tiles.push({
      id: 'spent',
      to: '/petty-cash',
      label: t('pettyAdmin.dashboard.spent'),
      value: formatRupees(figures.petty_spent_month),
      caption: t('pettyAdmin.dashboard.spentCaption'),
      icon: Coins,
      tone: 'teal',
    });
  }
  return tiles;
}

const pick = (answer: Dashboard & PettyFigures): PettyFigures => ({
  petty_pending_count: answer.petty_pending_count,
  petty_pending_amount: answer.petty_pending_amount,
  petty_spent_month: answer.petty_spent_month,
});

/**
 * The dashboard's own query (same key, same answer, so one request), reading only what petty
 * cash adds through `select` (the cache keeps the whole answer the dashboard reads).
 */
function usePettyFigures() {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.dashboard(siteId),
    queryFn: ({ signal }) =>
      api.get<Dashboard & PettyFigures>(`/api/sites/${encodeURIComponent(siteId)}/dashboard`, {
        signal,
      }),
    select: pick,
    enabled: Boolean(siteId),
    staleTime: 30_000,
  });
}

export function PettyDashboardCard() {
  const { t } = useTranslation();
  const owner = isOwner(useSession().role);
  const figures = usePettyFigures();
  const queued = useQueuedOf('petty_expenses');
  const own = useOwnImprests().map((imprest) => imprestFigures(imprest, queued));
  const tiles = pettyTiles(figures.data ?? {}, t, owner, own);
  return (
    <DashboardTilesCard
      id="petty"
      title={t('pettyAdmin.dashboard.title')}
      tiles={tiles}
      columns={2}
    />
  );
}
