import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { BannerDismiss } from './banner-dismiss';

const TONES = {
  warning:
    'mb-6 flex items-start gap-3 rounded-xl border border-amber-500/30 bg-warning-soft px-4 py-3 text-sm text-warning-soft-fg shadow-card',
  danger:
    'mb-6 flex items-start gap-3 rounded-xl border border-danger/20 bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg shadow-card',
} as const;

/**
 * A site-wide notice above every page (the plan's state): an icon, the message, what to do
 * about it (`action`, left out on the page where it is done) and the × that hides it.
 */
export function NoticeBanner({
  testId,
  data,
  tone,
  icon: Icon,
  message,
  action,
  dismiss,
}: {
  testId: string;
  /** data-* attributes that tell which notice it is (e.g. `{ 'data-kind': … }`). */
  data: Record<`data-${string}`, string>;
  tone: keyof typeof TONES;
  icon: LucideIcon;
  message: ReactNode;
  action: ReactNode;
  /** The ×: its label, test id and colours. */
  dismiss: ComponentProps<typeof BannerDismiss>;
}) {
  return (
    <div role="status" data-testid={testId} {...data} className={TONES[tone]}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 leading-relaxed">
        {message}
        {action ? <> {action}</> : null}
      </p>
      <BannerDismiss {...dismiss} />
    </div>
  );
}
