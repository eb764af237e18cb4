import type { PlanResource } from '@siteledger/domain';
import { AddButton, PlainAddButton } from '../plan-limit';

/** A list's add button: the plan-limit aware one for a limited resource, a plain one otherwise. */
export function ListAddButton({
  resource,
  onClick,
  label,
  testId,
  placement = 'header',
}: {
  resource?: PlanResource | undefined;
  onClick: () => void;
  label: string;
  testId?: string | undefined;
  placement?: 'header' | 'empty';
}) {
  if (resource) {
    return (
      <AddButton
        resource={resource}
        onClick={onClick}
        label={label}
        placement={placement}
        testId={testId}
      />
    );
  }
  return <PlainAddButton onClick={onClick} label={label} testId={testId} />;
}
