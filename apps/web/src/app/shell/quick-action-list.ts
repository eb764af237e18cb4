/**
 * The quick actions of spec part 2: every list page's own add action, and the three "record"
 * actions offered everywhere (top bar from 768 px, the floating button's list below). A petty
 * cash holder also gets "Spent" everywhere (issue 46), after the three.
 */
import type { Permission, Permissions, PlanResource, RoleRights } from '@siteledger/domain';
import { RECORD_TYPES } from '../../lib/record-types';
import { permissionsIn } from '../../lib/role-rights';

export interface QuickAction {
  /** The i18n key under `quickActions.actions.`. */
  key: string;
  /** The list page whose add dialog the action opens. */
  path: string;
  /** The sidebar entry (lib/navigation.ts) whose icon the action borrows. */
  navKey: string;
  /** What the page's route needs beyond creating. */
  access: Permission;
  /** Counted against the plan (quotations are not). */
  resource: PlanResource | null;
}

/** Every record type's add action (lib/record-types.ts), and its page's further ones, by key. */
export const QUICK_ACTIONS: Readonly<Record<string, QuickAction>> = Object.fromEntries(
  RECORD_TYPES.flatMap((type) => [
    [
      type.key,
      {
        key: type.key,
        path: type.path,
        navKey: type.key,
        access: type.access,
        resource: type.quickAction.resource,
      },
    ],
    ...(type.moreActions ?? []).map((more) => [
      more.key,
      { key: more.key, path: more.path, navKey: type.key, access: type.access, resource: null },
    ]),
  ]),
);

const action = (key: string): QuickAction => {
  const found = QUICK_ACTIONS[key];
  if (!found) throw new Error(`no record type ${key}`);
  return found;
};

/** Record service booking, record delivery, record payment — in the spec's order. */
export const RECORD_ACTIONS: readonly QuickAction[] = [
  action('serviceBookings'),
  action('deliveries'),
  action('payments'),
];

/** "Spent": the petty cash page's add action (issue 46). */
export const PETTY_ACTION: QuickAction = action('pettyCash');

/**
 * What is offered everywhere: the spec's three, then "Spent" for someone who holds petty cash on
 * the site (he records his spends all day; others record them on the petty cash page, if ever).
 */
export function recordActionsFor(pettyHolder: boolean): readonly QuickAction[] {
  return pettyHolder ? [...RECORD_ACTIONS, PETTY_ACTION] : RECORD_ACTIONS;
}

/** `quick-action-service-bookings`: the page's path, kebab-case like every test id. */
export function quickActionTestId(action: QuickAction): string {
  return `quick-action-${action.path.slice(1).replaceAll('/', '-')}`;
}

/** The add action of the list page at `pathname`, if it has one. */
export function pageActionFor(pathname: string): QuickAction | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(QUICK_ACTIONS).find((action) => action.path === path) ?? null;
}

/** The page's add actions: its own first, then the others of the same page (Stock's transfer). */
export function pageActionsFor(pathname: string): QuickAction[] {
  const own = pageActionFor(pathname);
  if (!own) return [];
  const siblings = Object.values(QUICK_ACTIONS).filter(
    (action) => action.navKey === own.navKey && action.key !== own.key,
  );
  return [own, ...siblings];
}

/** Only roles that may create, and only pages the role may open. */
export function allowedActions(
  actions: readonly QuickAction[],
  permissions: Permissions,
  rights: RoleRights | null = null,
): QuickAction[] {
  // Payments and accounts as the business's role settings say (an accountant allowed to pay).
  return actions.filter((action) => {
    const can = permissionsIn(permissions, rights, action.navKey);
    return can.canCreate && can[action.access];
  });
}

/**
 * The floating button's list: the current page's own action first, then the record actions
 * (with "Spent" for a petty cash holder).
 */
export function quickActionsFor(
  pathname: string,
  permissions: Permissions,
  rights: RoleRights | null = null,
  pettyHolder = false,
): QuickAction[] {
  const own = pageActionsFor(pathname);
  const everywhere = recordActionsFor(pettyHolder);
  const ordered = [...own, ...everywhere.filter((a) => !own.some((o) => o.key === a.key))];
  return allowedActions(ordered, permissions, rights);
}
