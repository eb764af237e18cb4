import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  error: 'bg-danger-soft text-danger-soft-fg border-danger/20',
  success: 'bg-success-soft text-success-soft-fg border-success/20',
  info: 'bg-info-soft text-info-soft-fg border-info-soft-fg/20',
};

const icons: Record<AlertTone, typeof Info> = {
  error: AlertCircle,
  success: CheckCircle2,
  info: Info,
};

/** An inline message inside a form or page. Errors are announced to screen readers. */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
  testId,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', tones[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
