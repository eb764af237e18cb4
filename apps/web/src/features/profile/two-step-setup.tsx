import type { TwoStepSetup as SetupData } from '@siteledger/domain';
import { Copy, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/form/form-actions';
import { FailureAlert } from '../../components/ui/failure-alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { useEnableTwoStep } from './two-step-api';

/** The key in groups of four, as authenticator apps show it when it is typed. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Switching two-step on: scan the QR code (made by the server) or type the key, then confirm
 * with the first code the app shows. Hands the recovery codes to the card when it is on.
 */
export function TwoStepSetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: SetupData;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const enable = useEnableTwoStep();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const copyKey = () => {
    navigator.clipboard
      .writeText(setup.secret)
      .then(() => toast.success(t('profile.twoStep.setup.keyCopied')))
      .catch(() => toast.error(t('errors.generic')));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const invalid = !/^\d{6}$/.test(typed);
    setProblem(invalid ? t('auth.twoStep.codeInvalid') : undefined);
    if (invalid) return;
    enable.mutate(typed, { onSuccess: (result) => onEnabled(result.recovery_codes) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="two-step-setup">
      <div className="space-y-3">
        <p className="text-sm font-medium text-fg">{t('profile.twoStep.setup.scan')}</p>
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <img
            src={setup.qr_svg_data_url}
            alt={t('profile.twoStep.setup.qrAlt')}
            width={208}
            height={208}
            className="size-52 shrink-0 rounded-xl border border-border bg-white p-1"
            data-testid="two-step-qr"
          />
          <div className="min-w-0 space-y-2 self-stretch text-sm text-fg-muted">
            <p>{t('profile.twoStep.setup.manual')}</p>
            <p
              className="break-all rounded-lg bg-surface-muted/70 px-3 py-2 font-mono text-sm tracking-wider text-fg"
              data-testid="two-step-secret"
            >
              {grouped(setup.secret)}
            </p>
            <Button
              variant="ghost"
              size="sm"
              icon={<Copy className="size-4" aria-hidden="true" />}
              onClick={copyKey}
            >
              {t('profile.twoStep.setup.copyKey')}
            </Button>
          </div>
        </div>
      </div>
      <FailureAlert failed={enable} testId="two-step-setup-error" />
      <TextField
        label={t('profile.twoStep.setup.enterCode')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={7}
        className="font-mono tracking-widest sm:max-w-48"
        hint={t('profile.twoStep.setup.othersSignedOut')}
        error={problem}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        data-testid="two-step-setup-code"
      />
      <FormActions busy={enable.isPending} onCancel={onCancel}>
        <Button
          type="submit"
          loading={enable.isPending}
          icon={<ShieldCheck className="size-4" aria-hidden="true" />}
          data-testid="two-step-setup-confirm"
        >
          {t('profile.twoStep.setup.confirm')}
        </Button>
      </FormActions>
    </form>
  );
}
