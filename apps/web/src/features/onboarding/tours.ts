import type { TourPage } from '../../lib/onboarding';
import { pageName, RECORD_TYPES, type ListTourTargets } from '../../lib/record-types';

/**
 * The page tours (spec part 9, and the pages added since). A step points at a CSS selector list; the first visible match
 * is highlighted. Its text lives under `onboarding.tours.<page>.<id>.{title,description}`.
 * `optional` steps depend on permission, plan, viewport or tab: the runner does not wait for
 * them, and (like any step whose target is missing) they are skipped when absent.
 *
 * Targets are `data-tour` attributes where the page itself renders the element, and the existing
 * test ids where a shared component (page header, add button, toolbar, table) renders it.
 */
export type TourSide = 'top' | 'right' | 'bottom' | 'left';

export interface TourStep {
  id: string;
  target: string;
  optional?: boolean;
  side?: TourSide;
}

const header = (page: string): TourStep => ({
  id: 'header',
  target: `[data-tour="${page}-page"] > header`,
  side: 'bottom',
});

const add = (testId: string): TourStep => ({
  id: 'add',
  target: `[data-testid="${testId}"]`,
  optional: true,
});

const toolbar = (testId: string, optional = false): TourStep => ({
  id: 'toolbar',
  target: `[data-testid="${testId}"]`,
  side: 'bottom',
  optional,
});

/** A list shows its rows, its empty state or its load error under related test ids. */
const table = (testId: string, optional = false): TourStep => ({
  id: 'table',
  target: [testId, `${testId}-empty`, `${testId}-error`]
    .map((id) => `[data-testid="${id}"]`)
    .join(', '),
  side: 'top',
  optional,
});

/** A standard list page: header, add button, search and filters, the table or cards. */
const listTour = (page: string, ids: ListTourTargets) => [
  header(page),
  add(ids.add),
  toolbar(ids.toolbar),
  table(ids.table),
];

export const TOURS: Readonly<Record<TourPage, TourStep[]>> = {
  dashboard: [
    { id: 'header', target: '[data-tour="dashboard-header"]', side: 'bottom' },
    { id: 'figures', target: '[data-tour="dashboard-figures"]', side: 'bottom' },
    { id: 'chart', target: '[data-testid="dashboard-monthly"]', side: 'top' },
    { id: 'nextSteps', target: '[data-tour="dashboard-next-steps"]', side: 'top' },
    {
      // The fixed sidebar from 1024 px; the menu button that slides it in below.
      id: 'navigation',
      target: '[data-testid="sidebar"], [data-testid="sidebar-toggle"]',
      optional: true,
    },
    { id: 'userMenu', target: '[data-testid="user-menu"]', side: 'bottom' },
  ],
  // A standard list page's tour comes from its record type (lib/record-types.ts).
  ...Object.fromEntries(
    RECORD_TYPES.flatMap((type) =>
      type.tour ? [[pageName(type), listTour(pageName(type), type.tour)]] : [],
    ),
  ),
  quotations: [
    header('quotations'),
    add('quotation-add'),
    { id: 'tabs', target: '[data-tour="quotations-tabs"]', side: 'bottom' },
    // The list view only; the compare view has neither.
    toolbar('quotations-toolbar', true),
    table('quotations-table', true),
  ],
  // Site stock (issue 25): the On hand tab's summary, filters and table; the other tabs say how
  // stock was used, moved and counted.
  stock: [
    header('stock'),
    add('stock-consumption-add'),
    { id: 'tabs', target: '[data-tour="stock-tabs"]', side: 'bottom' },
    { id: 'summary', target: '[data-tour="stock-summary"]', side: 'bottom', optional: true },
    toolbar('stock-toolbar', true),
    table('stock-table', true),
  ],
  // Labour (issue 44): the muster first (the supervisor's morning), then the workers tab.
  labour: [
    header('labour'),
    add('worker-add'),
    { id: 'tabs', target: '[data-tour="labour-tabs"]', side: 'bottom' },
    { id: 'muster', target: '[data-tour="labour-muster"]', side: 'top', optional: true },
    toolbar('workers-toolbar', true),
    table('workers-table', true),
  ],
  // Budget (issue 45): the totals first (the owner's question), then the lines by cost head.
  budget: [
    // The page's header sits inside its PageFrame, one level below the tour's wrapper.
    { id: 'header', target: '[data-testid="page-budget"] > header', side: 'bottom' },
    add('budget-add'),
    // Owners import; whoever sees the money downloads (a supervisor has neither).
    { id: 'import', target: '[data-testid="budget-import"]', optional: true },
    { id: 'downloads', target: '[data-testid="budget-downloads"]', optional: true },
    { id: 'totals', target: '[data-tour="budget-totals"]', side: 'bottom', optional: true },
    { id: 'lines', target: '[data-tour="budget-lines"]', side: 'top', optional: true },
  ],
  // Petty cash (issue 46): the holder's cash in hand, then his spends; owners' tabs.
  'petty-cash': [
    header('petty-cash'),
    add('petty-expense-add'),
    { id: 'balance', target: '[data-tour="petty-balance"]', side: 'bottom', optional: true },
    { id: 'tabs', target: '[data-tour="petty-tabs"]', side: 'bottom', optional: true },
    toolbar('petty-expenses-toolbar', true),
    table('petty-expenses-table', true),
  ],
  // TDS (issue 43): the register of a period, what is left to deposit; owners' quarter tab.
  tds: [
    { id: 'header', target: '[data-testid="page-tds"] > header', side: 'bottom' },
    // Owners only: the quarter's 26Q and the certificate figures per deductee.
    { id: 'tabs', target: '[data-tour="tds-tabs"]', side: 'bottom', optional: true },
    // The register tab only.
    { id: 'period', target: '[data-tour="tds-period"]', side: 'bottom', optional: true },
    table('tds-table'),
    { id: 'deposits', target: '[data-testid="tds-deposits"]', side: 'top', optional: true },
  ],
  'vendor-returns': [
    header('vendor-returns'),
    add('return-add'),
    { id: 'tabs', target: '[data-tour="vendor-returns-tabs"]', side: 'bottom' },
    // The returns tab only; the credit-notes tab has its own list.
    toolbar('returns-toolbar', true),
    table('returns-table', true),
  ],
};
