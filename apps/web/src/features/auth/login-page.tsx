import { LogIn } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useLogin } from './api';
import { AuthLayout } from './auth-layout';
import { BotCheck } from './bot-check';
import { validateLogin, type LoginErrors, type LoginValues } from './login-validation';
import { useBotCheck } from './use-bot-check';

function message(key: string | undefined) {
  return key ? { message: key } : undefined;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const login = useLogin();
  const bot = useBotCheck();
  // A plain form, not react-hook-form: this is the page everyone loads first (login-validation.ts).
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Like the other forms: once sent, a field's message follows what is typed.
    if (submitted) setErrors(validateLogin(next).errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = validateLogin(values);
    setErrors(checked.errors);
    if (checked.errors.email) return emailInput.current?.focus();
    if (checked.errors.password) return passwordInput.current?.focus();
    if (!bot.ready()) return;
    login.mutate(
      { ...checked.values, botToken: bot.token },
      {
        onSuccess: (result) => signIn(result),
        onError: () => bot.reset(),
      },
    );
  };

  return (
    <AuthLayout
      testId="login-page"
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to="/register" className="font-semibold text-primary hover:text-primary-hover">
            {t('auth.login.createAccount')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {login.isError ? (
          <Alert tone="error" testId="login-error">
            {errorMessage(login.error, t)}
          </Alert>
        ) : null}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          placeholder={t('auth.fields.emailPlaceholder')}
          error={fieldError(t, message(errors.email))}
          ref={emailInput}
          name="email"
          value={values.email}
          onChange={change('email')}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          error={fieldError(t, message(errors.password))}
          trailingLabel={
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-primary hover:text-primary-hover"
            >
              {t('auth.login.forgot')}
            </Link>
          }
          ref={passwordInput}
          name="password"
          value={values.password}
          onChange={change('password')}
        />
        {bot.siteKey ? (
          <BotCheck
            ref={bot.widget}
            siteKey={bot.siteKey}
            onToken={bot.onToken}
            error={bot.missing ? t('auth.botCheck.required') : undefined}
          />
        ) : null}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={login.isPending}
          icon={<LogIn className="size-4" aria-hidden="true" />}
          data-testid="login-submit"
        >
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
