import type { PlanResource } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { AddButton } from '../plan-limit';
import { Button } from '../ui/button';

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
