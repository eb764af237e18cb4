import { KeyRound, ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/form/form-actions';
import { FailureAlert } from '../../components/ui/failure-alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { useDisableTwoStep, useNewRecoveryCodes } from './two-step-api';

/** Switching two-step off: the password and a code from the app or a recovery code. */
export function TwoStepOffForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const disable = useDisableTwoStep();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [shown, setShown] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (!password || !code.trim()) return;
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          toast.success(t('profile.twoStep.disabled'));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="two-step-off">
      <p className="text-sm text-fg-muted">{t('profile.twoStep.offHint')}</p>
      <FailureAlert failed={disable} testId="two-step-off-error" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('profile.twoStep.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={shown && !password ? t('profile.twoStep.passwordRequired') : undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="two-step-off-password"
        />
        <TextField
          label={t('profile.twoStep.code')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono"
          error={shown && !code.trim() ? t('profile.twoStep.codeRequired') : undefined}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          data-testid="two-step-off-code"
        />
      </div>
      <FormActions busy={disable.isPending} onCancel={onDone}>
        <Button
          type="submit"
          variant="danger"
          loading={disable.isPending}
          icon={<ShieldOff className="size-4" aria-hidden="true" />}
          data-testid="two-step-off-submit"
        >
          {t('profile.twoStep.offSubmit')}
        </Button>
      </FormActions>
    </form>
  );
}

/** New recovery codes, with the password; the card shows them once. */
export function NewCodesForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const renew = useNewRecoveryCodes();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (!password) return;
    renew.mutate(password, { onSuccess: (result) => onCodes(result.recovery_codes) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="two-step-new-codes">
      <p className="text-sm text-fg-muted">{t('profile.twoStep.newCodesHint')}</p>
      <FailureAlert failed={renew} />
      <TextField
        label={t('profile.twoStep.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        containerClassName="sm:max-w-sm"
        error={shown && !password ? t('profile.twoStep.passwordRequired') : undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        data-testid="two-step-new-codes-password"
      />
      <FormActions busy={renew.isPending} onCancel={onCancel}>
        <Button
          type="submit"
          variant="secondary"
          loading={renew.isPending}
          icon={<KeyRound className="size-4" aria-hidden="true" />}
        >
          {t('profile.twoStep.newCodesSubmit')}
        </Button>
      </FormActions>
    </form>
  );
}
