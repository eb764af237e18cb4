import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EndButton } from '../../components/form/end-button';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { SectionCard } from '../../components/ui/section-card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import { useChangePassword } from './api';
import { passwordSchema, type PasswordValues } from './schemas';

/** Server codes that belong to one field: the message shows under it. */
const FIELD_OF_CODE: Record<string, keyof PasswordValues> = {
  INVALID_CURRENT_PASSWORD: 'currentPassword',
  CURRENT_PASSWORD_REQUIRED: 'currentPassword',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORDS_DO_NOT_MATCH: 'passwordConfirm',
};

/** Current password, new password and its confirmation (min 6); other sessions end on success. */
export function PasswordCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', password: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        reset();
        toast.success(t('profile.password.changed'));
      },
      onError: (error) => {
        const field = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
        if (field && isApiError(error)) setError(field, { type: 'server', message: error.message });
      },
    });
  });

  const fieldCode = isApiError(change.error) ? FIELD_OF_CODE[change.error.code] : undefined;

  return (
    <SectionCard testId="profile-password" texts="profile.password">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {change.isError && !fieldCode ? (
          <Alert tone="error" testId="profile-password-error">
            {errorMessage(change.error, t)}
          </Alert>
        ) : null}
        <TextField
          label={t('profile.password.current')}
          type="password"
          autoComplete="current-password"
          error={fieldError(t, errors.currentPassword)}
          data-testid="profile-current-password"
          {...register('currentPassword')}
        />
        <NewPasswordFields
          register={register}
          errors={errors}
          label={t('profile.password.new')}
          confirmLabel={t('profile.password.confirm')}
          hint={t('profile.password.hint')}
          paired
          testIds={{ password: 'profile-new-password', confirm: 'profile-confirm-password' }}
        />
        <EndButton
          type="submit"
          variant="secondary"
          loading={change.isPending}
          icon={<KeyRound className="size-4" aria-hidden="true" />}
          data-testid="profile-password-submit"
        >
          {t('profile.password.submit')}
        </EndButton>
      </form>
    </SectionCard>
  );
}
