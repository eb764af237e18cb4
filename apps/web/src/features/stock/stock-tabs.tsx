/**
 * The Stock page's tabs, each a path of its own (so a quick action can open a tab's form):
 * On hand · Consumption · Transfers · Counts, and Reports, which is a page of its own.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';

export const STOCK_TABS = ['on-hand', 'consumption', 'transfers', 'counts'] as const;
export type StockTab = (typeof STOCK_TABS)[number];

const PATHS: Record<StockTab | 'reports', string> = {
  'on-hand': '/stock',
  consumption: '/stock/consumption',
  transfers: '/stock/transfers',
  counts: '/stock/counts',
  reports: '/stock/reports',
};

const LABELS: Record<StockTab | 'reports', string> = {
  'on-hand': 'stock.tabs.onHand',
  consumption: 'stock.tabs.consumption',
  transfers: 'stock.tabs.transfers',
  counts: 'stock.tabs.counts',
  reports: 'stock.tabs.reports',
};

/** The tab of a Stock page path ('/stock/transfers' → 'transfers'). */
export function stockTabOf(pathname: string): StockTab {
  const path = pathname.replace(/\/+$/, '');
  return STOCK_TABS.find((tab) => PATHS[tab] === path) ?? 'on-hand';
}

export function useStockTab(): StockTab {
  return stockTabOf(useLocation().pathname);
}

export function StockTabs({ tab }: { tab: StockTab }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('stock.tabs.label')}
      className="-mx-1 mb-4 overflow-x-auto px-1 pb-1"
      data-tour="stock-tabs"
    >
      <div className="inline-flex min-w-max rounded-xl border border-border bg-surface-muted/60 p-1">
        {[...STOCK_TABS, 'reports' as const].map((name) => (
          <Link
            key={name}
            to={PATHS[name]}
            aria-current={tab === name ? 'page' : undefined}
            className={cn(
              'flex min-h-10 items-center rounded-lg px-3.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
              tab === name ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
            )}
            data-testid={`stock-tab-${name}`}
          >
            {t(LABELS[name])}
          </Link>
        ))}
      </div>
    </nav>
  );
}
