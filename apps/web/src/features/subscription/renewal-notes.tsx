import { AlertCircle, CalendarClock, CalendarX, RefreshCw, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatTimestamp } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import type { SubscriptionState } from '../../lib/subscription-api';
import { useUndoDowngrade } from './api';
import { renewalLines, type RenewalLine } from './plan-renewal';

function Note({
  icon,
  children,
  testId,
  tone = 'muted',
}: {
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  tone?: 'muted' | 'error';
}) {
  return (
    <p
      className={
        tone === 'error'
          ? 'flex gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg'
          : 'flex gap-2 text-sm text-fg-muted'
      }
      role={tone === 'error' ? 'alert' : undefined}
      data-testid={testId}
    >
      <span className="mt-0.5 shrink-0 [&_svg]:size-4">{icon}</span>
      <span className="min-w-0">{children}</span>
    </p>
  );
}

/** "Keep Basic": undoes a planned move to Free. */
function KeepPlanButton({ plan }: { plan: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const undo = useUndoDowngrade();
  const onKeep = () =>
    undo.mutate(undefined, {
      onSuccess: () => toast.success(t('subscription.toast.downgradeUndone', { plan })),
      onError: (error) =>
        toast.error(
          t('subscription.errors.withReason', {
            message: t('subscription.errors.undoDowngrade'),
            reason: errorMessage(error, t),
          }),
        ),
    });
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onKeep}
      loading={undo.isPending}
      icon={<Undo2 className="size-4" aria-hidden="true" />}
      data-testid="undo-downgrade"
    >
      {t('subscription.renewal.keep', { plan })}
    </Button>
  );
}

function Line({ line, planName }: { line: RenewalLine; planName: string }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatTimestamp(iso, i18n.language);
  switch (line.kind) {
    case 'next_charge':
      return (
        <Note icon={<CalendarClock aria-hidden="true" />} testId="next-charge">
          {t('subscription.renewal.nextCharge', {
            amount: formatRupees(line.amount),
            date: date(line.date),
          })}
        </Note>
      );
    case 'renews':
      return (
        <Note icon={<RefreshCw aria-hidden="true" />} testId="renews-automatically">
          {t('subscription.renewal.renews')}
        </Note>
      );
    case 'ends':
      return (
        <Note icon={<CalendarX aria-hidden="true" />} testId="does-not-renew">
          {t('subscription.renewal.ends', { date: date(line.date) })}
        </Note>
      );
    case 'moves':
      return (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Note icon={<CalendarX aria-hidden="true" />} testId="pending-plan">
            {line.date
              ? t('subscription.renewal.moves', { plan: line.plan, date: date(line.date) })
              : t('subscription.renewal.movesNoDate', { plan: line.plan })}
          </Note>
          <KeepPlanButton plan={planName} />
        </div>
      );
    case 'renewal_failed':
      return (
        <Note icon={<AlertCircle aria-hidden="true" />} testId="renewal-failed" tone="error">
          {t('subscription.renewal.failed', { date: date(line.date) })}
        </Note>
      );
  }
}

/** Next charge, renews or ends, a planned move to Free (with Keep) and a failed renewal. */
export function RenewalNotes({ state }: { state: SubscriptionState }) {
  const lines = renewalLines(state);
  if (lines.length === 0) return null;
  const planName = state.subscription?.plan.name ?? '';
  return (
    <div className="mb-4 mt-3 space-y-2" data-testid="renewal-notes">
      {lines.map((line) => (
        <Line key={line.kind} line={line} planName={planName} />
      ))}
    </div>
  );
}
