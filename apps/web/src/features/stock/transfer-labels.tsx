import type { StockTransfer } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "To Site B" (out) or "From Site A" (in), with an arrow. */
export function TransferParty({ transfer }: { transfer: StockTransfer }) {
  const { t } = useTranslation();
  const out = transfer.direction === 'out';
  const Icon = out ? ArrowUpRight : ArrowDownLeft;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5 font-medium text-fg">
      <Icon
        className={out ? 'size-4 shrink-0 text-warning-soft-fg' : 'size-4 shrink-0 text-success'}
        aria-hidden="true"
      />
      <span className="truncate">
        {out
          ? t('stock.transfers.toSite', { name: transfer.to_site_name })
          : t('stock.transfers.fromSite', { name: transfer.site_name })}
      </span>
    </span>
  );
}

/** "Cement OPC 53 and 2 more". */
export function transferItemsSummary(t: TFunction, transfer: StockTransfer): string {
  const [first] = transfer.lines;
  if (!first) return '—';
  const more = transfer.lines.length - 1;
  return more > 0
    ? t('stock.transfers.itemsAndMore', { name: first.item_name, count: more })
    : first.item_name;
}
