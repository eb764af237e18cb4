import { cn } from '../../lib/cn';

/** The SiteLedger mark: a site outline over a ledger line. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--primary)" />
      <path
        d="M7 22.5V13l9-5 9 5v9.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path
        d="M12.5 22.5V17h7v5.5M9.5 22.5h13"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark plus the brand name; `tone="light"` for use on the dark sidebar. */
export function Logo({
  className,
  tone = 'default',
}: {
  className?: string;
  tone?: 'default' | 'light';
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn(
          'text-lg font-bold tracking-tight',
          tone === 'light' ? 'text-sidebar-fg-strong' : 'text-fg',
        )}
      >
        {/* On the dark sidebar the brand orange is lightened so it keeps AA contrast. */}
        Site<span className={tone === 'light' ? 'text-orange-400' : 'text-primary'}>Ledger</span>
      </span>
    </span>
  );
}
