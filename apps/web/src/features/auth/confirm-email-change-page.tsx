import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FailureAlert } from '../../components/ui/failure-alert';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useConfirmEmailChange } from './api';
import { AuthDone, AuthSubmit, MissingToken } from './auth-form-parts';
import { AuthLayout } from './auth-layout';
import { confirmEmailChangeSchema, type ConfirmEmailChangeValues } from './schemas';

/** Reached from the link mailed to the new address: `/confirm-email-change?token=…`. */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const confirm = useConfirmEmailChange();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfirmEmailChangeValues>({
    resolver: zodResolver(confirmEmailChangeSchema),
    defaultValues: { password: '' },
  });
  const next = status === 'signed-in' ? '/' : '/login';

  if (confirm.isSuccess) {
    return (
      <AuthLayout testId="confirm-email-change-page" title={t('auth.emailChange.doneTitle')}>
        <AuthDone
          icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
          testId="confirm-email-change-done"
          action={{ to: next, label: t('auth.verify.continue') }}
        >
          {t('auth.emailChange.done')}
        </AuthDone>
      </AuthLayout>
    );
  }

  if (!token) {
    return (
      <AuthLayout testId="confirm-email-change-page" title={t('auth.emailChange.title')}>
        <MissingToken />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout testId="confirm-email-change-page" texts="auth.emailChange">
      <form
        onSubmit={handleSubmit((values) => confirm.mutate({ token, password: values.password }))}
        noValidate
        className="space-y-5"
      >
        <FailureAlert failed={confirm} testId="confirm-email-change-error" />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={fieldError(t, errors.password)}
          {...register('password')}
        />
        <AuthSubmit
          loading={confirm.isPending}
          icon={<MailCheck className="size-4" aria-hidden="true" />}
        >
          {t('auth.emailChange.submit')}
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}
