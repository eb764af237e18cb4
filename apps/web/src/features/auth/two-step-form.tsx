import type { CookieAuthResult } from '@siteledger/domain';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/ui/failure-alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useTwoStepLogin } from './api';
import { AuthLayout } from './auth-layout';

/**
 * The second step of a sign-in with two-step on (issue 19): the 6-digit code from the
 * authenticator app, or one of the recovery codes. The login's challenge proves the password.
 * The whole screen, in the sign-in frame (login-page.tsx shows it instead of the password step).
 */
export function TwoStepForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (result: CookieAuthResult) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const verify = useTwoStepLogin();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  const switchMode = () => {
    setRecovery((was) => !was);
    setValue('');
    setProblem(undefined);
    verify.reset();
    input.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    const missing = recovery
      ? typed === '' && 'auth.twoStep.recoveryRequired'
      : !/^\d{6}$/.test(typed.replace(/\s+/g, '')) && 'auth.twoStep.codeInvalid';
    setProblem(missing ? t(missing) : undefined);
    if (missing) return input.current?.focus();
    verify.mutate(
      recovery
        ? { challenge, recovery_code: typed }
        : { challenge, code: typed.replace(/\s+/g, '') },
      { onSuccess: onSignedIn, onError: () => input.current?.select() },
    );
  };

  return (
    <AuthLayout
      testId="login-page"
      title={t('auth.twoStep.title')}
      subtitle={t(recovery ? 'auth.twoStep.recoverySubtitle' : 'auth.twoStep.subtitle')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="two-step-form">
        <FailureAlert failed={verify} testId="two-step-error" />
        <TextField
          key={recovery ? 'recovery' : 'code'}
          ref={input}
          label={t(recovery ? 'auth.twoStep.recoveryCode' : 'auth.twoStep.code')}
          name={recovery ? 'recovery_code' : 'code'}
          autoFocus
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          pattern={recovery ? undefined : '[0-9]*'}
          maxLength={recovery ? 32 : 7}
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono tracking-widest"
          error={problem}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          data-testid="two-step-code"
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={verify.isPending}
          icon={<ShieldCheck className="size-4" aria-hidden="true" />}
          data-testid="two-step-submit"
        >
          {t('auth.twoStep.submit')}
        </Button>
        <div className="flex flex-col items-center gap-3 text-sm sm:flex-row sm:justify-between">
          <Button variant="link" onClick={switchMode} data-testid="two-step-switch-mode">
            {t(recovery ? 'auth.twoStep.useCode' : 'auth.twoStep.useRecovery')}
          </Button>
          <Button
            variant="link"
            onClick={onRestart}
            icon={<ArrowLeft className="size-4" aria-hidden="true" />}
            className="text-fg-muted"
          >
            {t('auth.twoStep.back')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
