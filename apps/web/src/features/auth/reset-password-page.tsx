import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { failureMessage } from '../../lib/api-client';
import { useConfirmPasswordReset } from './api';
import { AuthDone, AuthSubmit, MissingToken } from './auth-form-parts';
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
        <AuthDone
          icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
          testId="reset-password-done"
          relaxed
          action={{ to: '/login', label: t('auth.reset.signIn') }}
        >
          {t('auth.reset.done')}
        </AuthDone>
      </AuthLayout>
    );
  }

  if (!token) {
    return (
      <AuthLayout testId="reset-password-page" title={t('auth.reset.title')} footer={toLogin}>
        <MissingToken />
        <Link to="/forgot-password" className={buttonClasses('secondary', 'lg', true) + ' mt-5'}>
          {t('auth.reset.requestNew')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout testId="reset-password-page" texts="auth.reset" footer={toLogin}>
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
        <NewPasswordFields
          register={register}
          errors={errors}
          label={t('auth.fields.newPassword')}
          confirmLabel={t('auth.fields.passwordConfirm')}
          hint={t('auth.fields.passwordHint', { min: 6 })}
          autoFocus
        />
        <AuthSubmit
          loading={confirm.isPending}
          icon={<KeyRound className="size-4" aria-hidden="true" />}
        >
          {t('auth.reset.submit')}
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}
