/**
 * The dashboard's "Site spend" card (issue 46): the whole site's spend to date, then one row per
 * kind — materials and services, subcontractors' RA bills, labour's wage sheets, petty cash — with
 * this month's figure beside it. Total Expenses above stays deliveries and bookings only (API.md);
 * this card is where the rest of the site's money shows. Not shown until the answer carries it.
 */
import type { SiteSpend } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../lib/format';

/** The kinds in order; a row's test id is `dashboard-site-spend-{kind in kebab-case}`. */
const KINDS = ['materials_and_services', 'subcontract', 'labour', 'petty_cash'] as const;

export function DashboardSiteSpend({
  toDate,
  month,
}: {
  toDate: SiteSpend | undefined;
  month: SiteSpend | undefined;
}) {
  const { t } = useTranslation();
  // A server from before issue 46 has no spend by kind: no card rather than zeros.
  if (!toDate || !month) return null;
  return (
    <section
      aria-labelledby="dashboard-site-spend-title"
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid="dashboard-site-spend"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="dashboard-site-spend-title" className="text-base font-semibold text-fg">
          {t('dashboard.siteSpend.title')}
        </h2>
        <p className="text-xs text-fg-subtle">{t('dashboard.siteSpend.caption')}</p>
      </div>
      <p
        className="mt-2 text-2xl font-semibold tracking-tight text-fg tabular-nums sm:text-[28px]"
        data-testid="dashboard-site-spend-total"
      >
        {formatRupees(toDate.total)}
      </p>
      <p className="mt-1 text-xs text-fg-subtle" data-testid="dashboard-site-spend-month">
        {t('dashboard.siteSpend.monthTotal', { amount: formatRupees(month.total) })}
      </p>
      <table className="mt-4 w-full text-sm">
        <thead>
          <tr className="text-xs text-fg-muted">
            <th scope="col" className="pb-2 text-left font-medium">
              {t('dashboard.siteSpend.kind')}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t('dashboard.siteSpend.toDate')}
            </th>
            {/* A 360 px phone has room for one amount column: the month goes under it there. */}
            <th scope="col" className="hidden pb-2 pl-4 text-right font-medium sm:table-cell">
              {t('dashboard.siteSpend.thisMonth')}
            </th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => {
            const id = `dashboard-site-spend-${kind.replaceAll('_', '-')}`;
            return (
              <tr key={kind} className="border-t border-border" data-testid={id}>
                <th scope="row" className="py-2 text-left font-normal text-fg">
                  {t(`dashboard.siteSpend.kinds.${kind}`)}
                </th>
                <td className="py-2 pl-2 text-right tabular-nums text-fg">
                  <span data-testid={`${id}-total`}>{formatRupees(toDate[kind])}</span>
                  <span className="block text-xs text-fg-muted sm:hidden">
                    {t('dashboard.siteSpend.monthTotal', { amount: formatRupees(month[kind]) })}
                  </span>
                </td>
                <td
                  className="hidden py-2 pl-4 text-right tabular-nums text-fg-muted sm:table-cell"
                  data-testid={`${id}-month`}
                >
                  {formatRupees(month[kind])}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
