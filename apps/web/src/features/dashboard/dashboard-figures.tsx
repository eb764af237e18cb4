import { CalendarDays, CalendarRange, CircleCheckBig, Clock3, Ruler, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../lib/format';
import type { DashboardFigure, useDashboard } from './api';
import { StatCard, type StatTone } from './stat-card';
import { RetryAlert } from '../../components/ui/retry-button';

/** The figures in order; a card's test id is its figure's name in kebab-case. */
const CARDS: { key: DashboardFigure; icon: typeof Wallet; tone: StatTone }[] = [
  { key: 'total_expenses', icon: Wallet, tone: 'orange' },
  { key: 'current_month_expenses', icon: CalendarDays, tone: 'blue' },
  { key: 'expense_per_sqft', icon: Ruler, tone: 'violet' },
  { key: 'outstanding_amount', icon: Clock3, tone: 'amber' },
  { key: 'payments_last_7_days', icon: CalendarRange, tone: 'teal' },
  { key: 'total_paid', icon: CircleCheckBig, tone: 'emerald' },
];

/** The six money figures of the site as cards, with a retry when they fail to load. */
export function DashboardFigures({
  summary,
  area,
}: {
  summary: ReturnType<typeof useDashboard>;
  area: string;
}) {
  const { t, i18n } = useTranslation();
  const data = summary.data;
  const shown = CARDS.filter((card) => !data || data[card.key] !== undefined);
  const month = new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'long',
    year: 'numeric',
  }).format(new Date());

  const captions: Record<DashboardFigure, string> = {
    total_expenses: t('dashboard.captions.totalExpenses'),
    current_month_expenses: month,
    expense_per_sqft: t('dashboard.captions.expensePerSqft', { area }),
    outstanding_amount: t('dashboard.captions.outstanding'),
    payments_last_7_days: t('dashboard.captions.last7Days'),
    total_paid: t('dashboard.captions.totalPaid'),
  };

  return (
    <section aria-label={t('dashboard.overview')} className="space-y-4">
      {summary.isError ? (
        <RetryAlert title={t('dashboard.loadFailed')} query={summary} testId="dashboard-error" />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-tour="dashboard-figures">
        {/* A figure the answer leaves out (payments kept from the role, issue 47) has no card. */}
        {shown.map((card) => (
          <StatCard
            key={card.key}
            testId={`dashboard-card-${card.key.replaceAll('_', '-')}`}
            label={t(`dashboard.cards.${card.key}`)}
            value={data ? formatRupees(data[card.key] ?? 0) : '—'}
            caption={captions[card.key]}
            icon={card.icon}
            tone={card.tone}
            loading={summary.isPending}
          />
        ))}
      </div>
    </section>
  );
}
