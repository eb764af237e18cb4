import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The × that hides a shell banner; `className` gives it the banner's colours. */
export function BannerDismiss({
  onClick,
  label,
  className,
  testId,
}: {
  onClick: () => void;
  label: string;
  className: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        '-m-1 flex size-8 shrink-0 items-center justify-center rounded-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
        className,
      )}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
