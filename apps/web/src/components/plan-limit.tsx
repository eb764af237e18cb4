/**
 * A list page's add button that knows the plan's limits (spec part 9).
 *
 *   const limit = usePlanLimit('vendors');
 *   useAddAction(openAdd, can.canCreate && !limit.blocked);   // Alt+Shift+N opens nothing that would fail
 *   <AddButton resource="vendors" onClick={openAdd} label={t('vendors.add')} testId="vendor-add" />
 *   <AddButton resource="vendors" onClick={openAdd} label={t('vendors.add')} placement="empty" />
 *
 * When blocked the button stays (with its usual testId) but is disabled, and the reason shows
 * under it (`limit-reason-{resource}`) with an "Upgrade plan" link for the owner (`upgrade-link`)
 * or "Ask the site owner to upgrade." for everyone else. The empty-state copy shows only the
 * disabled button (the header already explains), so each testId appears once on the page.
 */
import type { PlanResource } from '@siteledger/domain';
import { Lock, Plus } from 'lucide-react';
import { useId } from 'react';
import { usePlanLimit } from '../lib/subscription-api';
import { PlanLimitNotice, useLimitReasonText } from './plan-limit-notice';
import { Button } from './ui/button';

export { PlanLimitNotice, UpgradeHint, useLimitReasonText } from './plan-limit-notice';

export interface AddButtonProps {
  resource: PlanResource;
  onClick: () => void;
  label: string;
  testId?: string;
  /** `header` (default) explains a block under the button; `empty` shows the disabled button only. */
  placement?: 'header' | 'empty';
}

/** "+ Add …" where no plan limit applies (or none is reached). */
export function PlainAddButton({
  onClick,
  label,
  testId,
}: Pick<AddButtonProps, 'onClick' | 'label' | 'testId'>) {
  return (
    <Button
      icon={<Plus className="size-4" aria-hidden="true" />}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

export function AddButton({
  resource,
  onClick,
  label,
  testId,
  placement = 'header',
}: AddButtonProps) {
  const limit = usePlanLimit(resource);
  const reason = useLimitReasonText(resource, limit);
  const reasonId = useId();
  if (!limit.blocked) return <PlainAddButton onClick={onClick} label={label} testId={testId} />;
  const button = (
    <Button
      icon={<Lock className="size-4" aria-hidden="true" />}
      disabled
      aria-disabled="true"
      aria-describedby={placement === 'header' ? reasonId : undefined}
      title={reason}
      data-testid={testId}
      data-limit-reason={limit.reason ?? undefined}
    >
      {label}
    </Button>
  );
  if (placement === 'empty') return button;
  return (
    <div
      className="flex flex-col items-stretch gap-2 sm:items-end"
      data-testid={`limit-${resource}`}
    >
      {button}
      <PlanLimitNotice resource={resource} limit={limit} id={reasonId} />
    </div>
  );
}
