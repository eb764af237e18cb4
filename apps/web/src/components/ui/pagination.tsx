/**
 * "1–30 of 245 · Page 1 of 9 · ‹ › · 30/50/100 per page" under a list.
 *
 *   <Pagination page={list.page} perPage={list.perPage} totalItems={data.totalItems}
 *     totalPages={data.totalPages} onPageChange={list.setPage} onPerPageChange={list.setPerPage} />
 *
 * When the current page is past the last one (rows were deleted) it moves to the last page.
 * Renders nothing while there is nothing to page (totalItems 0).
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../lib/format';
import { PER_PAGE_OPTIONS } from '../../lib/list-params';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  perPageOptions?: readonly number[];
  /** Offers "All rows" (perPage 0): every row on one virtualized page (data-table.tsx). */
  allOption?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

export function Pagination({
  page,
  perPage,
  totalItems,
  totalPages,
  onPageChange,
  onPerPageChange,
  perPageOptions = PER_PAGE_OPTIONS,
  allOption = false,
  disabled = false,
  className,
  testId = 'pagination',
}: PaginationProps) {
  const { t } = useTranslation();

  useEffect(() => {
    if (totalPages > 0 && page > totalPages) onPageChange(totalPages);
  }, [page, totalPages, onPageChange]);

  if (totalItems <= 0) return null;
  const all = perPage === 0;
  const first = all ? 1 : (page - 1) * perPage + 1;
  const last = all ? totalItems : Math.min(totalItems, page * perPage);
  const options =
    all || perPageOptions.includes(perPage)
      ? perPageOptions
      : [...perPageOptions, perPage].sort((a, b) => a - b);

  return (
    <nav
      aria-label={t('kit.pagination.label')}
      data-testid={testId}
      className={cn(
        'flex flex-col-reverse items-center gap-3 pt-4 text-sm text-fg-muted sm:flex-row sm:justify-between',
        className,
      )}
    >
      <div className="flex items-center gap-3">
        <p data-testid={`${testId}-range`} aria-live="polite">
          {t('kit.pagination.range', {
            first: formatInteger(first),
            last: formatInteger(last),
            total: formatInteger(totalItems),
          })}
        </p>
        {onPerPageChange ? (
          <label className="flex items-center gap-2">
            <span className="sr-only">{t('kit.pagination.perPage')}</span>
            <select
              value={perPage}
              disabled={disabled}
              onChange={(event) => onPerPageChange(Number(event.target.value))}
              className="h-9 rounded-lg border border-border bg-surface px-2 text-sm text-fg focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring"
              data-testid={`${testId}-per-page`}
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {t('kit.pagination.perPageOption', { count: option })}
                </option>
              ))}
              {allOption ? <option value={0}>{t('kit.pagination.allRows')}</option> : null}
            </select>
          </label>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="icon"
          className="size-10 sm:size-9"
          disabled={disabled || page <= 1}
          onClick={() => onPageChange(page - 1)}
          aria-label={t('kit.pagination.previous')}
          data-testid={`${testId}-prev`}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <span className="min-w-24 text-center font-medium text-fg" data-testid={`${testId}-page`}>
          {t('kit.pagination.pageOf', {
            page: formatInteger(page),
            pages: formatInteger(Math.max(1, totalPages)),
          })}
        </span>
        <Button
          variant="secondary"
          size="icon"
          className="size-10 sm:size-9"
          disabled={disabled || page >= totalPages}
          onClick={() => onPageChange(page + 1)}
          aria-label={t('kit.pagination.next')}
          data-testid={`${testId}-next`}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
