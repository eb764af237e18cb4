/**
 * A new password and its confirmation, as registering, resetting and changing a password ask for
 * them. Labels, hint and test ids stay the caller's: each screen words them its own way.
 */
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../lib/form';
import { TextField } from './ui/text-field';

type PasswordPairName = 'password' | 'passwordConfirm';

export interface NewPasswordFieldsProps {
  register: (name: PasswordPairName) => UseFormRegisterReturn;
  errors: Partial<Record<PasswordPairName, FieldError>>;
  label: string;
  confirmLabel: string;
  hint?: string;
  autoFocus?: boolean;
  /** Side by side from the small breakpoint up. */
  paired?: boolean;
  testIds?: { password: string; confirm: string };
}

export function NewPasswordFields({
  register,
  errors,
  label,
  confirmLabel,
  hint,
  autoFocus,
  paired,
  testIds,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const fields = (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        hint={hint}
        error={fieldError(t, errors.password)}
        data-testid={testIds?.password}
        {...register('password')}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        error={fieldError(t, errors.passwordConfirm)}
        data-testid={testIds?.confirm}
        {...register('passwordConfirm')}
      />
    </>
  );
  return paired ? <div className="grid gap-4 sm:grid-cols-2">{fields}</div> : fields;
}
