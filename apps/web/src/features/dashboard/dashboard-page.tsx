import { permissionsFor } from '@siteledger/domain';
import {
  ArrowRight,
  CalendarDays,
  CalendarRange,
  CircleCheckBig,
  Clock3,
  Package,
  RefreshCw,
  Ruler,
  Store,
  Truck,
  Wallet,
  WalletCards,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { formatDecimal, formatInteger, formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDashboard, useSiteDetails, type DashboardFigure } from './api';
import { MonthlyChart } from './monthly-chart';
import { StatCard, type StatTone } from './stat-card';

const CARDS: {
  key: DashboardFigure;
  testId: string;
  icon: typeof Wallet;
  tone: StatTone;
}[] = [
  { key: 'total_expenses', testId: 'total-expenses', icon: Wallet, tone: 'orange' },
  {
    key: 'current_month_expenses',
    testId: 'current-month-expenses',
    icon: CalendarDays,
    tone: 'blue',
  },
  { key: 'expense_per_sqft', testId: 'expense-per-sqft', icon: Ruler, tone: 'violet' },
  { key: 'outstanding_amount', testId: 'outstanding-amount', icon: Clock3, tone: 'amber' },
  {
    key: 'payments_last_7_days',
    testId: 'payments-last-7-days',
    icon: CalendarRange,
    tone: 'teal',
  },
  { key: 'total_paid', testId: 'total-paid', icon: CircleCheckBig, tone: 'emerald' },
];

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 17) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user, siteId, role } = useSession();
  const currentSiteId = siteId ?? '';
  const summary = useDashboard(currentSiteId);
  const site = useSiteDetails(currentSiteId);
  const permissions = permissionsFor(role);
  const data = summary.data;
  const month = new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'long',
    year: 'numeric',
  }).format(new Date());
  const firstName = user?.name?.trim().split(/\s+/)[0] ?? '';
  const area = site.data ? formatDecimal(site.data.total_planned_area) : '—';

  const captions: Record<DashboardFigure, string> = {
    total_expenses: t('dashboard.captions.totalExpenses'),
    current_month_expenses: month,
    expense_per_sqft: t('dashboard.captions.expensePerSqft', { area }),
    outstanding_amount: t('dashboard.captions.outstanding'),
    payments_last_7_days: t('dashboard.captions.last7Days'),
    total_paid: t('dashboard.captions.totalPaid'),
  };

  const nextSteps = [
    { to: '/items', icon: Package, key: 'items', show: true },
    { to: '/vendors', icon: Store, key: 'vendors', show: true },
    { to: '/deliveries', icon: Truck, key: 'deliveries', show: true },
    { to: '/payments', icon: WalletCards, key: 'payments', show: permissions.canViewFinancials },
  ].filter((step) => step.show);

  return (
    <div className="space-y-8" data-testid="dashboard-page" data-tour="dashboard-page">
      <header className="flex flex-col gap-1.5" data-tour="dashboard-header">
        <p className="text-sm font-medium text-primary">
          {t(greetingKey(new Date().getHours()), { name: firstName })}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          {t('dashboard.title')}
        </h1>
        {site.data ? (
          <p className="text-sm text-fg-muted" data-testid="dashboard-site-summary">
            {t('dashboard.siteSummary', {
              name: site.data.name,
              units: t('sites.unitsValue', {
                count: site.data.total_units,
                value: formatInteger(site.data.total_units),
              }),
              area: t('sites.areaValue', { value: area }),
            })}
          </p>
        ) : (
          <Skeleton className="h-4 w-64 max-w-full" />
        )}
      </header>

      <section aria-label={t('dashboard.overview')} className="space-y-4">
        {summary.isError ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Alert
              tone="error"
              title={t('dashboard.loadFailed')}
              className="flex-1"
              testId="dashboard-error"
            >
              {errorMessage(summary.error, t)}
            </Alert>
            <Button
              variant="secondary"
              onClick={() => void summary.refetch()}
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-tour="dashboard-figures">
          {CARDS.map((card) => (
            <StatCard
              key={card.key}
              testId={`dashboard-card-${card.testId}`}
              label={t(`dashboard.cards.${card.key}`)}
              value={data ? formatRupees(data[card.key]) : '—'}
              caption={captions[card.key]}
              icon={card.icon}
              tone={card.tone}
              loading={summary.isPending}
            />
          ))}
        </div>
      </section>

      <MonthlyChart months={data?.monthly} loading={summary.isPending && !summary.isError} />

      <section
        aria-labelledby="next-steps-heading"
        data-tour="dashboard-next-steps"
        className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      >
        <div className="mb-5">
          <h2 id="next-steps-heading" className="text-base font-semibold text-fg">
            {t('dashboard.nextSteps.title')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{t('dashboard.nextSteps.subtitle')}</p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {nextSteps.map(({ to, icon: Icon, key }) => (
            <li key={key}>
              <Link
                to={to}
                className="group relative flex h-full items-start gap-3 rounded-xl border border-border p-4 pr-8 transition-colors hover:border-primary/40 hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-fg-muted group-hover:text-primary">
                  <Icon className="size-[18px]" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-fg">
                    {t(`dashboard.nextSteps.${key}.title`)}
                  </span>
                  <span className="mt-0.5 block text-xs leading-relaxed text-fg-muted">
                    {t(`dashboard.nextSteps.${key}.description`)}
                  </span>
                </span>
                <ArrowRight
                  className="absolute right-3 top-4 size-4 text-fg-subtle transition-all group-hover:translate-x-0.5 group-hover:text-primary"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
