import { ArrowRight, Package, Store, Truck, WalletCards } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Links to where a new site's work starts; payments only for people who see money. */
export function DashboardNextSteps({ canViewFinancials }: { canViewFinancials: boolean }) {
  const { t } = useTranslation();
  const nextSteps = [
    { to: '/items', icon: Package, key: 'items', show: true },
    { to: '/vendors', icon: Store, key: 'vendors', show: true },
    { to: '/deliveries', icon: Truck, key: 'deliveries', show: true },
    { to: '/payments', icon: WalletCards, key: 'payments', show: canViewFinancials },
  ].filter((step) => step.show);

  return (
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
  );
}
