/**
 * The "+ Add vendor “typed text”" row under a record picker (the delivery form's vendor and item
 * pickers): a new record is created without leaving the form. At the plan's cap (spec part 9) the
 * row stays, disabled, with the reason and the way out, like the list pages' add buttons.
 */
import type { PlanResource } from '@siteledger/domain';
import { Lock, Plus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { usePlanLimit } from '../../lib/subscription-api';
import { PlanLimitNotice, useLimitReasonText } from '../plan-limit';

export function QuickAddOption({
  resource,
  label,
  onAdd,
  testId,
}: {
  resource: Extract<PlanResource, 'vendors' | 'items'>;
  /** "Add vendor “Sharma Traders”" / "Add a new vendor". */
  label: string;
  onAdd: () => void;
  testId?: string;
}) {
  const limit = usePlanLimit(resource);
  const reason = useLimitReasonText(resource, limit);
  const reasonId = useId();
  return (
    <div className="mt-2 border-t border-border pt-2">
      <button
        type="button"
        onClick={onAdd}
        disabled={limit.blocked}
        aria-describedby={limit.blocked ? reasonId : undefined}
        title={limit.blocked ? reason : undefined}
        className="flex min-h-11 w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left text-sm font-medium text-primary hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:cursor-not-allowed disabled:text-fg-subtle disabled:hover:bg-transparent sm:min-h-10"
        data-testid={testId}
        data-limit-reason={limit.reason ?? undefined}
      >
        {limit.blocked ? (
          <Lock className="size-4 shrink-0" aria-hidden="true" />
        ) : (
          <Plus className="size-4 shrink-0" aria-hidden="true" />
        )}
        <span className="min-w-0 flex-1 truncate">{label}</span>
      </button>
      <PlanLimitNotice resource={resource} limit={limit} id={reasonId} className="mt-1.5" />
    </div>
  );
}

/**
 * A record picker's `footer` that offers the add row (or nothing when the user cannot create):
 * the picker closes and `onAdd` gets the typed text.
 */
export function quickAddFooter({
  enabled,
  resource,
  label,
  onAdd,
  testId,
}: {
  enabled: boolean;
  resource: Extract<PlanResource, 'vendors' | 'items'>;
  label: (text: string) => string;
  onAdd: (text: string) => void;
  testId?: string;
}): ((text: string, close: () => void) => ReactNode) | undefined {
  if (!enabled) return undefined;
  return function QuickAddFooter(text, close) {
    return (
      <QuickAddOption
        resource={resource}
        label={label(text)}
        onAdd={() => {
          close();
          onAdd(text);
        }}
        {...(testId ? { testId } : {})}
      />
    );
  };
}
