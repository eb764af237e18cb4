import { LogIn } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import { nextFromSearch, withNext } from '../../lib/next-path';
import { useSession } from '../../lib/session';
import { useLogin } from './api';
import { AuthLayout } from './auth-layout';
import { AuthBotCheck, AuthFailure, AuthSubmit, AuthSwitch, EmailField } from './auth-form-parts';
import { validateLogin, type LoginErrors, type LoginValues } from './login-validation';
import { useBotCheck } from './use-bot-check';

// The second step (two-step sign-in on) loads only when a sign-in needs it.
const TwoStepForm = lazy(() => import('./two-step-form').then((m) => ({ default: m.TwoStepForm })));

function message(key: string | undefined) {
  return key ? { message: key } : undefined;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const login = useLogin();
  const bot = useBotCheck();
  // Where to go once signed in (RouteGuard follows it); kept when switching to registering.
  const next = nextFromSearch(useLocation().search);
  // A plain form, not react-hook-form: this is the page everyone loads first (login-validation.ts).
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // Set when the password was right and two-step sign-in is on: a code finishes the sign-in.
  const [challenge, setChallenge] = useState<string | null>(null);
  // What a finished sign-in does, after the password or after the second step.
  const finish = (result: Parameters<typeof signIn>[0]) => signIn(result);

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
        onSuccess: finish,
        onError: (error) => {
          bot.reset();
          const sent = isApiError(error) && error.code === 'TWO_STEP_REQUIRED';
          if (sent && typeof error.data.challenge === 'string') setChallenge(error.data.challenge);
        },
      },
    );
  };

  if (challenge) {
    const restart = () => {
      login.reset();
      setChallenge(null);
    };
    return (
      <Suspense
        fallback={
          <AuthLayout testId="login-page" title={t('auth.twoStep.title')}>
            {null}
          </AuthLayout>
        }
      >
        <TwoStepForm challenge={challenge} onSignedIn={finish} onRestart={restart} />
      </Suspense>
    );
  }

  return (
    <AuthLayout
      testId="login-page"
      texts="auth.login"
      footer={
        <AuthSwitch
          text={t('auth.login.noAccount')}
          link={t('auth.login.createAccount')}
          to={withNext('/register', next)}
        />
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <AuthFailure failed={login} fallbackKey="auth.errors.loginFailed" testId="login-error" />
        <EmailField
          autoFocus
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
        <AuthBotCheck bot={bot} />
        <AuthSubmit
          loading={login.isPending}
          icon={<LogIn className="size-4" aria-hidden="true" />}
          testId="login-submit"
        >
          {t('auth.login.submit')}
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}
