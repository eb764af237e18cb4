import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/**
 * A coloured state pill with a dot before its label (a status, an allocation state…). `pill` and
 * `dot` are the tone's classes; `data` the attributes tests read (`data-status`…).
 */
export function DotPill({
  pill,
  dot,
  testId,
  data,
  children,
}: {
  pill: string;
  dot: string;
  testId?: string | undefined;
  data: Record<`data-${string}`, string | boolean>;
  children: ReactNode;
}) {
  return (
    <span
      data-testid={testId}
      {...data}
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        pill,
      )}
    >
      <span className={cn('size-1.5 rounded-full', dot)} aria-hidden="true" />
      {children}
    </span>
  );
}

/** Active (green) or inactive (grey): `{ns}.active|inactive`. */
export function ActiveBadge({
  active,
  ns,
  testId,
}: {
  active: boolean;
  ns: string;
  testId?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <DotPill
      pill={
        active
          ? 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20'
          : 'bg-surface-muted text-fg-muted ring-border'
      }
      dot={active ? 'bg-success' : 'bg-fg-subtle'}
      testId={testId}
      data={{ 'data-active': active }}
    >
      {active ? t(`${ns}.active`) : t(`${ns}.inactive`)}
    </DotPill>
  );
}
