import { AlertCircle, AlertTriangle, CheckCircle2, Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { toast, useToasts } from '../../lib/toast-store';
import type { ToastType } from '../../lib/toast-store';

const icons: Record<ToastType, typeof Info> = {
  success: CheckCircle2,
  error: AlertCircle,
  info: Info,
  warning: AlertTriangle,
};

const accents: Record<ToastType, string> = {
  success: 'text-success',
  error: 'text-danger',
  info: 'text-info-soft-fg',
  warning: 'text-warning-soft-fg',
};

/** The toast container: always mounted, announces new toasts politely (errors assertively). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div
      data-testid="toast-container"
      role="region"
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end sm:p-6"
    >
      {toasts.map((item) => {
        const Icon = icons[item.type];
        return (
          <div
            key={item.id}
            role={item.type === 'error' ? 'alert' : 'status'}
            aria-live={item.type === 'error' ? 'assertive' : 'polite'}
            data-testid={`toast-${item.type}`}
            className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3 shadow-pop animate-toast-in"
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0', accents[item.type])} aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm leading-relaxed text-fg">{item.message}</p>
            <button
              type="button"
              onClick={() => toast.dismiss(item.id)}
              className="-mr-1 rounded-md p-1 text-fg-subtle hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              aria-label={t('toast.dismiss')}
            >
              <X className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
