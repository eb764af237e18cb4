import { Check, Copy } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

/** Copies a value (GSTIN, bank details) and says "Copied" for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
      className="flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-subtle hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      aria-label={copied ? t('vendors.detail.copied') : label}
      title={copied ? t('vendors.detail.copied') : label}
    >
      {copied ? (
        <Check className="size-4 text-success" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}

/**
 * One labelled line of the vendor's details, with an optional action beside it. The row holds
 * only its <dt> and <dd> (a valid definition list): the icon sits in the term, the action in the
 * description.
 */
export function Detail({
  icon: Icon,
  label,
  children,
  action,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="py-3" data-testid={testId}>
      <dt className="flex items-center gap-3 text-xs font-medium text-fg-muted">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-fg-muted">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="-mt-2 flex items-start gap-3 pl-11 text-sm text-fg">
        <div className="min-w-0 flex-1 break-words">{children}</div>
        {action}
      </dd>
    </div>
  );
}

/** The details card while the vendor loads. */
export function VendorProfileSkeleton() {
  return (
    <Card className="space-y-4 p-5">
      <Skeleton className="h-5 w-32" />
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex gap-3">
          <Skeleton className="size-8" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        </div>
      ))}
    </Card>
  );
}
