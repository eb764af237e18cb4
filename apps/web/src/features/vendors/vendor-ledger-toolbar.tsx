import { ArrowDownUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { DateField } from '../../components/ui/date-field';
import type { LedgerRange, LedgerSort } from './vendor-ledger-query';

/** The ledger's period (from, to) and its sort order. */
export function VendorLedgerToolbar({
  range,
  onRangeChange,
  sort,
  onSortChange,
}: {
  range: LedgerRange;
  onRangeChange: (range: LedgerRange) => void;
  sort: LedgerSort;
  onSortChange: (sort: LedgerSort) => void;
}) {
  const { t } = useTranslation();
  const { from, to } = range;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <DateField
        label={t('kit.toolbar.from')}
        value={from}
        onChange={(e) => onRangeChange({ from: e.target.value, to })}
        containerClassName="w-[calc(50%-0.375rem)] sm:w-44"
        data-testid="ledger-from"
      />
      <DateField
        label={t('kit.toolbar.to')}
        value={to}
        onChange={(e) => onRangeChange({ from, to: e.target.value })}
        containerClassName="w-[calc(50%-0.375rem)] sm:w-44"
        data-testid="ledger-to"
      />
      <Button
        variant="secondary"
        className="h-11 w-full sm:h-10 sm:w-auto"
        icon={<ArrowDownUp className="size-4" aria-hidden="true" />}
        onClick={() => onSortChange(sort === 'date' ? '-date' : 'date')}
        data-testid="ledger-sort"
      >
        {sort === '-date' ? t('vendorLedger.newestFirst') : t('vendorLedger.oldestFirst')}
      </Button>
    </div>
  );
}
