/**
 * "Low stock" on the dashboard (issue 25): how many items are below their minimum stock level
 * and up to five of them (on hand / minimum), each linking to its item, the card to the Stock
 * page. Hidden while no item is low.
 */
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/quantity-format';
import { useLowStock } from './api';
import { ListCard } from './dashboard-list-card';

/** How many low items the card lists. */
const LOW_STOCK_SHOWN = 5;

export function DashboardLowStock({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const low = useLowStock(siteId);
  // Only low items should come back; the filter keeps the card right if a server sends more.
  const items = (low.data?.items ?? []).filter((row) => row.low);
  if (items.length === 0) return null;

  return (
    <ListCard
      half
      testId="dashboard-low-stock"
      texts="dashboard.lowStock"
      count={Math.max(low.data?.low_count ?? 0, items.length)}
      icon={TriangleAlert}
      tone="amber"
      more="/stock"
      rows={items.slice(0, LOW_STOCK_SHOWN).map((row) => ({
        to: `/items/${row.item}`,
        testId: `dashboard-low-stock-${row.item}`,
        title: row.name,
        detail: t('dashboard.lowStock.row', {
          onHand: formatQuantity(row.on_hand, row.unit),
          min: formatQuantity(row.min_stock_level ?? 0, row.unit),
        }),
        amount: null,
      }))}
    />
  );
}
