import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatGstRate } from '../gst/gst-figures';

/** The grey rounded tag a detail page's subtitle lists facts in (unit, GST rate, type…). */
export const pillClass =
  'inline-flex items-center rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-fg-muted ring-1 ring-inset ring-border';

export function Pill({ children, testId }: { children: ReactNode; testId?: string | undefined }) {
  return (
    <span className={pillClass} data-testid={testId}>
      {children}
    </span>
  );
}

/** A catalog record's GST rate ("No GST" when it has none). */
export function GstRatePill({ rate, testId }: { rate: number | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Pill testId={testId}>
      {rate === null ? t('gst.noGst') : t('gst.item.rateValue', { rate: formatGstRate(t, rate) })}
    </Pill>
  );
}

/** A detail page's subtitle: the record's description over its row of pills. */
export function PillSubtitle({
  description,
  children,
}: {
  description: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <>
      {description}
      <span className={`flex flex-wrap items-center gap-2 ${description ? 'mt-2.5' : ''}`}>
        {children}
      </span>
    </>
  );
}

/** A subtitle led by the record's status badge. */
export function StatusSubtitle({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {badge}
      <span>{children}</span>
    </span>
  );
}
