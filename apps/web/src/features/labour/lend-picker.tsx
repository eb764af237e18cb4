import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useLendableWorkers, type LendableWorker } from './api';
import type { LentRow } from './muster-state';

/**
 * "Add from another site": the workers of the caller's other sites (GET …/workers/lendable),
 * searched by name, trade or site; the one chosen joins today's muster to be marked (lent).
 */
export function LendPicker({
  open,
  onOpenChange,
  exclude,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Already on this muster. */
  exclude: ReadonlySet<string>;
  onPick: (row: LentRow) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const lendable = useLendableWorkers(open);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (lendable.data ?? []).filter(
      (worker) =>
        !exclude.has(worker.id) &&
        (!words ||
          `${worker.name} ${worker.trade} ${worker.site_name}`.toLowerCase().includes(words)),
    );
  }, [lendable.data, exclude, search]);

  const pick = (worker: LendableWorker) => {
    onPick({
      worker: worker.id,
      worker_site: worker.site,
      name: worker.name,
      trade: worker.trade,
      site_name: worker.site_name,
    });
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('labour.lend.title')}
      description={t('labour.lend.description')}
      testId="muster-lend-dialog"
    >
      <label className="relative mb-3 block">
        <span className="sr-only">{t('labour.lend.search')}</span>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('labour.lend.search')}
          className="h-11 w-full rounded-xl border border-border bg-surface pl-9 pr-3 text-sm text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          data-testid="muster-lend-search"
        />
      </label>
      {lendable.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : lendable.isError ? (
        <p className="py-4 text-sm text-danger" role="alert">
          {t('labour.lend.loadFailed')}
        </p>
      ) : shown.length === 0 ? (
        <p className="py-4 text-sm text-fg-muted" data-testid="muster-lend-empty">
          {t('labour.lend.empty')}
        </p>
      ) : (
        <ul className="max-h-80 space-y-1.5 overflow-y-auto">
          {shown.map((worker) => (
            <li key={worker.id}>
              <button
                type="button"
                className="flex w-full min-w-0 flex-col items-start rounded-xl border border-border px-3 py-2 text-left hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
                onClick={() => pick(worker)}
                data-testid={`muster-lend-${worker.id}`}
              >
                <span className="max-w-full truncate font-medium text-fg">{worker.name}</span>
                <span className="max-w-full truncate text-xs text-fg-muted">
                  {worker.trade} · {worker.site_name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
