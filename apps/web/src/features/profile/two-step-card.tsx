import type { TwoStepSetup } from '@siteledger/domain';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EndButton } from '../../components/form/end-button';
import { Alert } from '../../components/ui/alert';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatTimestamp } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useTwoStepSetup, useTwoStepStatus } from './two-step-api';
import { NewCodesForm, TwoStepOffForm } from './two-step-manage';
import { TwoStepSetupPanel } from './two-step-setup';

/** What the card shows below its status line. */
type Panel =
  | { kind: 'none' }
  | { kind: 'setup'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'off' }
  | { kind: 'newCodes' };

/**
 * Profile → Two-step sign-in (issue 19): off → switch on (QR code, key, first code), then the
 * recovery codes once; on → since when, codes left, new recovery codes, switch off.
 */
export function TwoStepCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const status = useTwoStepStatus();
  const start = useTwoStepSetup();
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const close = () => setPanel({ kind: 'none' });
  const on = status.data?.enabled ?? user?.two_step ?? false;

  const switchOn = () =>
    start.mutate(undefined, { onSuccess: (setup) => setPanel({ kind: 'setup', setup }) });

  return (
    <Card data-testid="profile-two-step">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle>{t('profile.twoStep.title')}</CardTitle>
          {status.isPending ? null : (
            <span
              className={
                on
                  ? 'inline-flex shrink-0 items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-soft-fg'
                  : 'shrink-0 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg-muted'
              }
              data-testid="two-step-state"
            >
              {on ? <ShieldCheck className="size-3.5" aria-hidden="true" /> : null}
              {t(on ? 'profile.twoStep.on' : 'profile.twoStep.off')}
            </span>
          )}
        </div>
        <p className="mt-1 text-sm text-fg-muted">{t('profile.twoStep.description')}</p>
      </CardHeader>
      <CardBody className="space-y-4">
        {status.isPending ? <Skeleton className="h-10 w-full" /> : null}
        {status.isError ? <Alert tone="error">{t('profile.twoStep.loadFailed')}</Alert> : null}
        {start.isError ? <Alert tone="error">{errorMessage(start.error, t)}</Alert> : null}

        {panel.kind === 'setup' ? (
          <TwoStepSetupPanel
            setup={panel.setup}
            onCancel={close}
            onEnabled={(codes) => {
              toast.success(t('profile.twoStep.enabled'));
              setPanel({ kind: 'codes', codes });
            }}
          />
        ) : null}
        {panel.kind === 'codes' ? (
          <RecoveryCodesPanel codes={panel.codes} email={user?.email ?? ''} onDone={close} />
        ) : null}
        {panel.kind === 'off' ? <TwoStepOffForm onDone={close} /> : null}
        {panel.kind === 'newCodes' ? (
          <NewCodesForm onCancel={close} onCodes={(codes) => setPanel({ kind: 'codes', codes })} />
        ) : null}

        {panel.kind === 'none' && status.data && !on ? (
          <EndButton
            loading={start.isPending}
            icon={<ShieldCheck className="size-4" aria-hidden="true" />}
            onClick={switchOn}
            data-testid="two-step-switch-on"
          >
            {t('profile.twoStep.switchOn')}
          </EndButton>
        ) : null}
        {panel.kind === 'none' && status.data && on ? (
          <div className="space-y-4">
            <div className="rounded-xl bg-surface-muted/70 px-4 py-3 text-sm">
              {status.data.enabled_at ? (
                <p className="font-medium text-fg">
                  {t('profile.twoStep.onSince', {
                    date: formatTimestamp(status.data.enabled_at, i18n.language),
                  })}
                </p>
              ) : null}
              <p className="text-fg-muted" data-testid="two-step-codes-left">
                {t('profile.twoStep.codesLeft', { count: status.data.recovery_codes_left })}
              </p>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <ActionButtons
                actions={[
                  {
                    id: 'new-codes',
                    when: true,
                    variant: 'secondary',
                    icon: KeyRound,
                    label: t('profile.twoStep.newCodes'),
                    onClick: () => setPanel({ kind: 'newCodes' }),
                    testId: 'two-step-new-codes-open',
                  },
                  {
                    id: 'off',
                    when: true,
                    variant: 'secondary',
                    icon: ShieldOff,
                    label: t('profile.twoStep.switchOff'),
                    onClick: () => setPanel({ kind: 'off' }),
                    testId: 'two-step-switch-off',
                  },
                ]}
              />
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
