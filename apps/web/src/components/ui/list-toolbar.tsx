/**
 * Above a list: search box, filter slots, optional from/to dates and "Clear filters". On phones the
 * filters fold behind a "Filters" button (with a count) so the search stays in reach.
 *
 *   <ListToolbar search={list.search} onSearchChange={list.setSearch}
 *     searchPlaceholder={t('items.searchPlaceholder')}
 *     filters={<FilterSelect label={t('…')} value={list.filters.unit ?? ''}
 *                 onChange={(v) => list.setFilter('unit', v)} allLabel={t('…')} options={…} />}
 *     activeFilters={Number(Boolean(list.filters.unit))}
 *     dateRange={{ from: list.from, to: list.to, onFromChange: list.setFrom, onToChange: list.setTo }}
 *     hasFilters={list.hasFilters} onClear={list.clearFilters} testId="items-toolbar" />
 */
import { ChevronDown, Search, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { compactControl, CompactDate } from './toolbar-controls';

export { FilterSelect } from './toolbar-controls';

export interface DateRange {
  from: string;
  to: string;
  onFromChange: (date: string) => void;
  onToChange: (date: string) => void;
}

export interface ListToolbarProps {
  search: string;
  onSearchChange: (text: string) => void;
  searchPlaceholder?: string;
  /** Filter controls (FilterSelect, TagPicker…). */
  filters?: ReactNode;
  /** How many filters are set (badge on the phone's Filters button). */
  activeFilters?: number;
  dateRange?: DateRange;
  hasFilters?: boolean;
  onClear?: () => void;
  /** Extra controls at the end of the search row (e.g. an export button). */
  trailing?: ReactNode;
  testId?: string;
}

export function ListToolbar({
  search,
  onSearchChange,
  searchPlaceholder,
  filters,
  activeFilters = 0,
  dateRange,
  hasFilters = false,
  onClear,
  trailing,
  testId = 'list-toolbar',
}: ListToolbarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const dateCount = dateRange ? Number(Boolean(dateRange.from)) + Number(Boolean(dateRange.to)) : 0;
  const count = activeFilters + dateCount;
  const hasPanel = Boolean(filters || dateRange);

  return (
    <div className="mb-4 space-y-3" data-testid={testId}>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
            aria-hidden="true"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={searchPlaceholder ?? t('kit.toolbar.search')}
            aria-label={searchPlaceholder ?? t('kit.toolbar.search')}
            className={cn(compactControl, 'pl-9 [&::-webkit-search-cancel-button]:hidden')}
            data-testid={`${testId}-search`}
          />
          {search ? (
            <button
              type="button"
              onClick={() => onSearchChange('')}
              className="absolute right-1.5 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-fg-subtle hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              aria-label={t('kit.toolbar.clearSearch')}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {hasPanel ? (
          <Button
            variant="secondary"
            className="h-11 md:hidden"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={panelId}
            icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            data-testid={`${testId}-filters-toggle`}
          >
            {t('kit.toolbar.filters')}
            {count > 0 ? (
              <span className="flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-primary-fg">
                {count}
              </span>
            ) : (
              <ChevronDown
                className={cn('size-4 transition-transform', open && 'rotate-180')}
                aria-hidden="true"
              />
            )}
          </Button>
        ) : null}
        {trailing}
      </div>
      {hasPanel || (hasFilters && onClear) ? (
        <div
          id={panelId}
          className={cn(
            'flex-col gap-3 md:flex md:flex-row md:flex-wrap md:items-end',
            open ? 'flex' : 'hidden',
          )}
        >
          {filters}
          {dateRange ? (
            <div className="grid grid-cols-2 gap-3 md:flex">
              <CompactDate
                label={t('kit.toolbar.from')}
                value={dateRange.from}
                max={dateRange.to || undefined}
                onChange={dateRange.onFromChange}
                testId={`${testId}-from`}
              />
              <CompactDate
                label={t('kit.toolbar.to')}
                value={dateRange.to}
                min={dateRange.from || undefined}
                onChange={dateRange.onToChange}
                testId={`${testId}-to`}
              />
            </div>
          ) : null}
          {hasFilters && onClear ? (
            <Button
              variant="ghost"
              onClick={onClear}
              className="h-11 self-start sm:h-10 md:self-end"
              icon={<X className="size-4" aria-hidden="true" />}
              data-testid={`${testId}-clear`}
            >
              {t('kit.toolbar.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
