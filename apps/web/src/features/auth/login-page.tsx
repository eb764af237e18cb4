import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
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
import { loginSchema, type LoginValues } from './schemas';
import { useBotCheck } from './use-bot-check';

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const login = useLogin();
  const bot = useBotCheck();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (!bot.ready()) return;
    login.mutate(
      { ...values, botToken: bot.token },
      {
        onSuccess: (result) => signIn(result),
        onError: () => bot.reset(),
      },
    );
  });

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
          error={fieldError(t, errors.email)}
          {...register('email')}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          error={fieldError(t, errors.password)}
          trailingLabel={
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-primary hover:text-primary-hover"
            >
              {t('auth.login.forgot')}
            </Link>
          }
          {...register('password')}
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
