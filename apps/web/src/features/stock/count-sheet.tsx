/**
 * The count sheet: date, reason, the items (searchable) with on hand and a box for what was
 * counted, then the differences it makes and their value, and Save.
 */
import type { StockCountResult, StockRow } from '@siteledger/domain';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card, CardBody } from '../../components/ui/card';
import { DateField } from '../../components/ui/date-field';
import { parseDecimalInput } from '../../components/ui/quantity-field';
import { TextField } from '../../components/ui/text-field';
import { DiscardPrompt, DraftRestoredNote } from '../../components/ui/form-guard-parts';
import { useToast } from '../../components/ui/toast-context';
import { useStateGuard } from '../../components/ui/use-form-guard';
import { errorMessage } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import { useCreateStockCount, useStock } from './api';
import { countBody, countDifferences, countSchema, type CountRowInput } from './count-form';
import { CountDifferences } from './count-differences';
import { CountItemRow } from './count-item-row';

interface CountSheetValues {
  countDate: string;
  reason: string;
  /** What was counted, as typed, by item id. */
  typed: Record<string, string>;
}

/** Rows shown at once; typing narrows the list (a big site has thousands of items). */
const SHOWN = 100;

const toRow = (row: StockRow): CountRowInput => ({
  item: row.item,
  name: row.name,
  unit: row.unit,
  onHand: row.on_hand,
  averageCost: row.average_cost,
});

export function CountSheet({
  today,
  onSaved,
}: {
  today: string;
  onSaved: (result: StockCountResult) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const stock = useStock({});
  const create = useCreateStockCount();
  const navigate = useNavigate();
  // What was typed (date, reason, counts) is one value, so the guard can keep it as a draft that
  // survives a reload, and the browser's back asks before throwing it away.
  const [sheet, setSheet] = useState<CountSheetValues>(() => ({
    countDate: today,
    reason: '',
    typed: {},
  }));
  const { countDate, reason, typed } = sheet;
  const guard = useStateGuard(sheet, setSheet, {
    open: true,
    onClose: () => void navigate('/stock/counts', { replace: true }),
    draft: 'stock-count',
  });
  const [search, setSearch] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});

  const rows = (stock.data?.items ?? []).map(toRow);
  const counted = Object.fromEntries(
    Object.entries(typed).map(([item, text]) => [
      item,
      text.trim() ? parseDecimalInput(text) : undefined,
    ]),
  );
  const { lines, totalValue } = countDifferences(rows, counted);
  const needle = search.trim().toLowerCase();
  const shown = rows
    .filter((row) => (needle ? row.name.toLowerCase().includes(needle) : true) || row.item in typed)
    .slice(0, SHOWN);

  const save = () => {
    const body = countBody(lines, countDate, reason);
    const checked = countSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const [field, index] = issue.path;
        const key = field === 'lines' && typeof index === 'number' ? lines[index]?.item : field;
        if (typeof key === 'string' && !found[key]) found[key] = issue.message;
      }
      setIssues(found);
      return;
    }
    setIssues({});
    create.mutate(body, {
      onSuccess: (result) => {
        guard.saved();
        toast.success(t('stock.toast.countSaved', { count: result.adjustments.length }));
        onSaved(result);
      },
    });
  };
  const message = (key: string) =>
    fieldError(t, issues[key] ? { message: issues[key] } : undefined);

  return (
    <div
      className="space-y-4"
      onKeyDownCapture={guard.noteInput}
      onPointerDownCapture={guard.noteInput}
    >
      <DraftRestoredNote guard={guard} />
      <DiscardPrompt guard={guard} />
      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <DateField
            label={t('stock.fields.countDate')}
            value={countDate}
            onChange={(event) => setSheet({ ...sheet, countDate: event.target.value })}
            error={message('count_date')}
            data-testid="count-date"
          />
          <TextField
            label={t('stock.fields.reason')}
            value={reason}
            onChange={(event) => setSheet({ ...sheet, reason: event.target.value })}
            placeholder={t('stock.count.reasonPlaceholder')}
            error={message('reason')}
            data-testid="count-reason"
          />
        </CardBody>
      </Card>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('stock.count.searchPlaceholder')}
          aria-label={t('stock.count.searchPlaceholder')}
          className="h-11 w-full rounded-lg border border-border bg-surface pl-9 pr-3 text-[15px] text-fg shadow-sm focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring sm:h-10 sm:text-sm"
          data-testid="count-search"
        />
      </div>
      <Card>
        <ul className="divide-y divide-border" data-testid="count-items">
          {stock.isPending ? (
            <li className="px-4 py-6 text-sm text-fg-muted">{t('common.loading')}</li>
          ) : stock.isError ? (
            <li className="px-4 py-6 text-sm text-danger" role="alert">
              {errorMessage(stock.error, t)}
            </li>
          ) : shown.length === 0 ? (
            <li className="px-4 py-6 text-sm text-fg-muted">{t('stock.count.noItems')}</li>
          ) : (
            shown.map((row) => (
              <CountItemRow
                key={row.item}
                row={row}
                text={typed[row.item] ?? ''}
                counted={counted[row.item]}
                error={message(row.item)}
                onChange={(text) =>
                  setSheet((current) => ({
                    ...current,
                    typed: { ...current.typed, [row.item]: text },
                  }))
                }
              />
            ))
          )}
        </ul>
      </Card>
      <CountDifferences
        lines={lines}
        totalValue={totalValue}
        error={message('lines') ?? (create.isError ? errorMessage(create.error, t) : undefined)}
        busy={create.isPending}
        onSave={save}
      />
    </div>
  );
}
