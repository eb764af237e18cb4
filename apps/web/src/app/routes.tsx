import { lazy, Suspense, type ReactNode } from 'react';
import { allStringsReady } from '../lib/i18n';
import { RECORD_TYPES } from '../lib/record-types';
import { Navigate, Route, Routes } from 'react-router';
import type { RouteRule } from './guards';
import { RootGate } from './root-gate';
import { AppSkeleton } from './shell/app-skeleton';
import { PageLoading } from './shell/page-loading';
import { RouteGuard } from './route-guard';

// Every screen loads on first visit, so the sign-in page's first paint stays small (issue 7:
// at most 170 KB of JavaScript, gzipped; `npm run build` prints the figure). The sign-in pages
// need only the first page's strings; every other screen also waits for the rest of them.
function screen(load: () => Promise<{ default: () => ReactNode }>) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), allStringsReady]);
    return module;
  });
}

const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyPage = lazy(() =>
  import('../features/auth/verify-page').then((m) => ({ default: m.VerifyPage })),
);
const ConfirmEmailChangePage = lazy(() =>
  import('../features/auth/confirm-email-change-page').then((m) => ({
    default: m.ConfirmEmailChangePage,
  })),
);
// Terms and Privacy (linked from register): public, and not sign-in pages, so they wait for all
// strings and stay out of the first page's JavaScript.
const TermsPage = screen(() =>
  import('../features/legal/legal-page').then((m) => ({ default: m.TermsPage })),
);
const PrivacyPage = screen(() =>
  import('../features/legal/legal-page').then((m) => ({ default: m.PrivacyPage })),
);
// The dashboard shows the labour, budget and petty cash features' cards; the app puts them
// together (as Settings).
const DashboardPage = screen(() =>
  Promise.all([
    import('../features/dashboard/dashboard-page'),
    import('../features/labour/labour-dashboard-card'),
    import('../features/budgets/budget-dashboard-card'),
    import('../features/petty/petty-dashboard-card'),
  ]).then(([dashboard, labour, budgets, petty]) => ({
    default: function Dashboard() {
      return (
        <dashboard.DashboardPage
          labour={<labour.LabourDashboardCard />}
          budget={<budgets.BudgetDashboardCard />}
          petty={<petty.PettyDashboardCard />}
        />
      );
    },
  })),
);
const SelectSitePage = screen(() =>
  import('../features/sites/select-site-page').then((m) => ({ default: m.SelectSitePage })),
);
const AppLayout = screen(() =>
  import('./shell/app-layout').then((m) => ({ default: m.AppLayout })),
);
const InvitesPage = screen(() =>
  import('../features/invites/invites-page').then((m) => ({ default: m.InvitesPage })),
);
const UsersPage = screen(() =>
  import('../features/members/users-page').then((m) => ({ default: m.UsersPage })),
);
const ProfilePage = screen(() =>
  import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);
// Settings shows the current site's details from the sites feature; features do not import each
// other, so the app puts the two together here.
const SettingsPage = screen(() =>
  Promise.all([
    import('../features/settings/settings-page'),
    import('../features/sites/site-details-card'),
    import('../features/business/business-card'),
  ]).then(([settings, sites, business]) => ({
    default: function Settings() {
      return (
        <settings.SettingsPage
          siteDetails={<sites.SiteDetailsCard />}
          business={<business.BusinessCard />}
        />
      );
    },
  })),
);
const SubscriptionPage = screen(() =>
  import('../features/subscription/subscription-page').then((m) => ({
    default: m.SubscriptionPage,
  })),
);
const ActivityPage = screen(() =>
  import('../features/audit/activity-page').then((m) => ({ default: m.ActivityPage })),
);
const TagsPage = screen(() =>
  import('../features/tags/tags-page').then((m) => ({ default: m.TagsPage })),
);

const guest: RouteRule = { guestOnly: true };
const signedIn: RouteRule = { auth: true };
const canRead: RouteRule = { auth: true, site: true, permission: 'canRead' };
const manageUsers: RouteRule = { auth: true, site: true, permission: 'canManageUsers' };
const ownerOnly: RouteRule = { auth: true, site: true, ownerOnly: true };
const financials: RouteRule = { auth: true, site: true, permission: 'canViewFinancials' };

interface AppRoute {
  path: string;
  rule: RouteRule | null;
  element: ReactNode;
}

// Every feature's page modules; a record type's pages (its registry entry's `page`, read by
// lib/record-types.ts) are found here by name, so adding one needs no line in this file. Each
// stays its own chunk, loaded on first visit.
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>('../features/*/*-page.tsx');

/** The `…Page` component of `features/<module>.tsx`. */
function featurePage(module: string) {
  const load = PAGE_MODULES[`../features/${module}.tsx`];
  if (!load) throw new Error(`No page module features/${module}.tsx`);
  const Page = screen(async () => {
    const exports = await load();
    const found = Object.entries(exports).find(
      ([name, value]) => name.endsWith('Page') && typeof value === 'function',
    );
    if (!found) throw new Error(`features/${module}.tsx exports no …Page component`);
    return { default: found[1] as () => ReactNode };
  });
  return <Page />;
}

/** A record type without a list page of its own: the list drawn from its registry entry. */
function registryPage(collection: string) {
  const Page = screen(() =>
    import('../components/list-page/registry-list-page').then((m) => ({
      default: function RegistryPage() {
        return <m.RegistryListPage collection={collection} />;
      },
    })),
  );
  return <Page />;
}

/** Each record type's list page and, when it has one, its record's page. */
const RECORD_ROUTES: AppRoute[] = RECORD_TYPES.flatMap((type) => {
  const rule: RouteRule = { auth: true, site: true, permission: type.access };
  const element = type.listPage ? featurePage(type.listPage) : registryPage(type.collection);
  const list = { path: type.path, rule, element };
  return type.detailPage
    ? [list, { path: `${type.path}/:id`, rule, element: featurePage(type.detailPage) }]
    : [list];
});

/** The Stock page's other tabs: one element, so switching tabs keeps the page mounted. */
const STOCK_TABS = featurePage('stock/stock-page');
// The stock reports page (features/stock-reports) is its module's default export.
const StockReportsPage = screen(() => import('../features/stock-reports/stock-reports-page'));

/** Signed-out screens (spec part 2 route table, plus register and the mailed links). */
export const AUTH_ROUTES: AppRoute[] = [
  { path: '/login', rule: guest, element: <LoginPage /> },
  { path: '/register', rule: guest, element: <RegisterPage /> },
  { path: '/forgot-password', rule: guest, element: <ForgotPasswordPage /> },
  // Reached from mailed links; open to everyone so a link works in any tab.
  { path: '/reset-password', rule: null, element: <ResetPasswordPage /> },
  { path: '/verify', rule: null, element: <VerifyPage /> },
  { path: '/confirm-email-change', rule: null, element: <ConfirmEmailChangePage /> },
  // Public, signed in or out (register's checkbox links here).
  { path: '/terms', rule: null, element: <TermsPage /> },
  { path: '/privacy', rule: null, element: <PrivacyPage /> },
];

/** Screens inside the app frame. */
export const APP_ROUTES: AppRoute[] = [
  { path: '/select-site', rule: signedIn, element: <SelectSitePage /> },
  { path: '/', rule: canRead, element: <DashboardPage /> },
  ...RECORD_ROUTES,
  // Tag management (issue 18), reached from Items, Services and Vendors.
  { path: '/tags', rule: canRead, element: <TagsPage /> },
  // Site stock (issue 25): the Stock page's tabs, a transfer's page, the physical count and the
  // stock reports (features/stock-reports). `/stock` and a consumption's `/stock/:id` come from
  // its record type.
  ...['/stock/consumption', '/stock/transfers', '/stock/counts'].map((path) => ({
    path,
    rule: canRead,
    element: STOCK_TABS,
  })),
  {
    path: '/stock/transfers/:id',
    rule: canRead,
    element: featurePage('stock/transfer-detail-page'),
  },
  { path: '/stock/counts/new', rule: canRead, element: featurePage('stock/stock-count-page') },
  { path: '/stock/reports', rule: canRead, element: <StockReportsPage /> },
  // GST purchase register (issue 23): the site's money, like Accounts and Payments.
  {
    path: '/reports/purchase-register',
    rule: financials,
    element: featurePage('reports/purchase-register-page'),
  },
  // The TDS register (issue 43): the site's money, like the purchase register.
  { path: '/tds', rule: financials, element: featurePage('tds/tds-page') },
  // Budgets across the sites the person owns (issue 45): owners only, like the subscription.
  {
    path: '/budget/overview',
    rule: ownerOnly,
    element: featurePage('budgets/budget-overview-page'),
  },
  // A business's sites side by side (issue 47): owners only, like the budgets across sites.
  { path: '/business', rule: ownerOnly, element: featurePage('business/business-page') },
  { path: '/users', rule: manageUsers, element: <UsersPage /> },
  { path: '/invites', rule: signedIn, element: <InvitesPage /> },
  { path: '/profile', rule: signedIn, element: <ProfilePage /> },
  { path: '/settings', rule: signedIn, element: <SettingsPage /> },
  { path: '/subscription', rule: ownerOnly, element: <SubscriptionPage /> },
  { path: '/activity', rule: ownerOnly, element: <ActivityPage /> },
];

function guarded(route: AppRoute) {
  const element = <Suspense fallback={<PageLoading />}>{route.element}</Suspense>;
  return route.rule ? <RouteGuard rule={route.rule}>{element}</RouteGuard> : element;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootGate />}>
        {AUTH_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={guarded(route)} />
        ))}
        <Route
          element={
            <Suspense fallback={<AppSkeleton />}>
              <AppLayout />
            </Suspense>
          }
        >
          {APP_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={guarded(route)} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
