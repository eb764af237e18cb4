import { ArrowRight, Package, Store, Truck, WalletCards } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSetupDone, type SetupStep } from './api';

/**
 * Links to where a new site's work starts; payments only for people who see money. A step done
 * (the site has such a record) leaves the list; with every step done the card goes (issue 38).
 */
export function DashboardNextSteps({ canViewFinancials }: { canViewFinancials: boolean }) {
  const { t } = useTranslation();
  const steps = [
    { to: '/items', icon: Package, key: 'items' as SetupStep, show: true },
    { to: '/vendors', icon: Store, key: 'vendors' as SetupStep, show: true },
    { to: '/deliveries', icon: Truck, key: 'deliveries' as SetupStep, show: true },
    { to: '/payments', icon: WalletCards, key: 'payments' as SetupStep, show: canViewFinancials },
  ].filter((step) => step.show);
  const done = useSetupDone(steps.map((step) => step.key));
  const nextSteps = steps.filter((step) => !done?.has(step.key));
  // While the lists load every step shows (the dashboard tour points at the card).
  if (nextSteps.length === 0) return null;

  return (
    <section
      aria-labelledby="next-steps-heading"
      data-tour="dashboard-next-steps"
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid="dashboard-next-steps"
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
  );
}
