import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';

const TABS = ['returns', 'credit-notes'] as const;
export type ReturnsTab = (typeof TABS)[number];

/** The returns page's tab in the URL (`?tab=credit-notes`; returns by default). */
export function useReturnsTab(): ReturnsTab {
  const [params] = useSearchParams();
  return params.get('tab') === 'credit-notes' ? 'credit-notes' : 'returns';
}

/** Returns | Credit notes. Switching tabs starts from a clean URL (no filters of the other tab). */
export function ReturnsTabs({ tab }: { tab: ReturnsTab }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  return (
    <div
      className="mb-4 inline-flex rounded-xl border border-border bg-surface-muted/60 p-1"
      role="tablist"
      data-tour="vendor-returns-tabs"
    >
      {TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={tab === name}
          className={cn(
            'min-h-10 rounded-lg px-4 text-sm font-medium transition-colors',
            tab === name ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
          )}
          onClick={() => setParams(name === 'returns' ? {} : { tab: name })}
          data-testid={`returns-tab-${name}`}
        >
          {t(`vendorReturns.tabs.${name === 'returns' ? 'returns' : 'creditNotes'}`)}
        </button>
      ))}
    </div>
  );
}
