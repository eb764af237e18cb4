import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonVariant } from '../ui/button';

/** One of a record's action buttons; shown while `when` holds (the status and the role allow it). */
export interface RecordAction {
  id: string;
  when: boolean;
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  testId?: string;
  variant?: ButtonVariant;
  className?: string;
  loading?: boolean;
  disabled?: boolean;
}

/** A record's action buttons that apply now, in order. */
export function ActionButtons({ actions }: { actions: readonly RecordAction[] }) {
  return (
    <>
      {actions
        .filter((action) => action.when)
        .map(({ id, when: _when, icon: Icon, label, testId, ...button }) => (
          <Button
            key={id}
            {...button}
            icon={<Icon className="size-4" aria-hidden="true" />}
            data-testid={testId}
          >
            {label}
          </Button>
        ))}
    </>
  );
}
