import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';

/** The page's tab in the URL (`?tab=<name>`); the first tab (the default) has none. */
export function useUrlTab<Tab extends string>(tabs: readonly [Tab, ...Tab[]]): Tab {
  const [params] = useSearchParams();
  const value = params.get('tab');
  return tabs.find((tab) => tab !== tabs[0] && tab === value) ?? tabs[0];
}

/**
 * A page's tabs kept in the URL (`?tab=`). Switching starts from a clean URL (no filters of the
 * other tab). Test ids `{testId}-{name}`.
 */
export function UrlTabs<Tab extends string>({
  tabs,
  tab,
  label,
  testId,
  tour,
}: {
  tabs: readonly [Tab, ...Tab[]];
  tab: Tab;
  label: (name: Tab) => string;
  testId: string;
  tour?: string;
}) {
  const [, setParams] = useSearchParams();
  return (
    <div
      className="mb-4 inline-flex rounded-xl border border-border bg-surface-muted/60 p-1"
      role="tablist"
      data-tour={tour}
    >
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={tab === name}
          className={cn(
            'min-h-10 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
            tab === name ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
          )}
          onClick={() => setParams(name === tabs[0] ? {} : { tab: name })}
          data-testid={`${testId}-${name}`}
        >
          {label(name)}
        </button>
      ))}
    </div>
  );
}
