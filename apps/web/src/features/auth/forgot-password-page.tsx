import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { errorMessage } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import { useRequestPasswordReset } from './api';
import { AuthDone, AuthSubmit, EmailField } from './auth-form-parts';
import { AuthLayout } from './auth-layout';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const backToLogin = (
    <Link
      to="/login"
      className="inline-flex items-center gap-1.5 font-semibold text-primary hover:text-primary-hover"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('auth.forgot.backToLogin')}
    </Link>
  );

  if (request.isSuccess) {
    return (
      <AuthLayout
        testId="forgot-password-page"
        title={t('auth.forgot.sentTitle')}
        footer={backToLogin}
      >
        <AuthDone
          icon={<MailCheck className="size-6" aria-hidden="true" />}
          testId="forgot-password-sent"
          relaxed
        >
          {t('auth.forgot.sent', { email: getValues('email') })}
        </AuthDone>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout testId="forgot-password-page" texts="auth.forgot" footer={backToLogin}>
      <form
        onSubmit={handleSubmit((values) => request.mutate(values.email))}
        noValidate
        className="space-y-5"
      >
        {request.isError ? <Alert tone="error">{errorMessage(request.error, t)}</Alert> : null}
        <EmailField autoFocus error={fieldError(t, errors.email)} {...register('email')} />
        <AuthSubmit loading={request.isPending}>{t('auth.forgot.submit')}</AuthSubmit>
      </form>
    </AuthLayout>
  );
}
