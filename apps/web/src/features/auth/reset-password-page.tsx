import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { failureMessage } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import { useConfirmPasswordReset } from './api';
import { AuthLayout } from './auth-layout';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';

/** Reached from the mailed link `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const toLogin = (
    <Link to="/login" className="font-semibold text-primary hover:text-primary-hover">
      {t('auth.forgot.backToLogin')}
    </Link>
  );

  if (confirm.isSuccess) {
    return (
      <AuthLayout testId="reset-password-page" title={t('auth.reset.doneTitle')}>
        <div className="rounded-2xl border border-border bg-surface p-6 text-center shadow-card">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
            <CheckCircle2 className="size-6" aria-hidden="true" />
          </div>
          <p className="text-sm leading-relaxed text-fg-muted" data-testid="reset-password-done">
            {t('auth.reset.done')}
          </p>
          <Link to="/login" className={buttonClasses('primary', 'lg', true) + ' mt-6'}>
            {t('auth.reset.signIn')}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  if (!token) {
    return (
      <AuthLayout testId="reset-password-page" title={t('auth.reset.title')} footer={toLogin}>
        <Alert tone="error" title={t('auth.reset.missingTokenTitle')}>
          {t('auth.reset.missingToken')}
        </Alert>
        <Link to="/forgot-password" className={buttonClasses('secondary', 'lg', true) + ' mt-5'}>
          {t('auth.reset.requestNew')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      testId="reset-password-page"
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={toLogin}
    >
      <form
        onSubmit={handleSubmit((values) => confirm.mutate({ token, ...values }))}
        noValidate
        className="space-y-5"
      >
        {confirm.isError ? (
          <Alert tone="error" testId="reset-password-error">
            {failureMessage(confirm.error, t, 'auth.errors.resetFailed')}{' '}
            <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
              {t('auth.reset.requestNew')}
            </Link>
          </Alert>
        ) : null}
        <TextField
          label={t('auth.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={t('auth.fields.passwordHint', { min: 6 })}
          error={fieldError(t, errors.password)}
          {...register('password')}
        />
        <TextField
          label={t('auth.fields.passwordConfirm')}
          type="password"
          autoComplete="new-password"
          error={fieldError(t, errors.passwordConfirm)}
          {...register('passwordConfirm')}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={confirm.isPending}
          icon={<KeyRound className="size-4" aria-hidden="true" />}
        >
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
