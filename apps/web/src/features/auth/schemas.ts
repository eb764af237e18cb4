import {
  PASSWORD_MIN_LENGTH,
  zEmailChangeConfirm,
  zPasswordResetRequest,
  zRegister,
} from '@siteledger/domain';
import { z } from 'zod';
import { formSchema, type FieldMessageKeys } from '../../lib/form-schema';

/**
 * The domain's request schemas, with messages as i18n keys shown through `fieldError`
 * (lib/form.ts). The form adds what the server checks in its service (password length and
 * confirmation) so the person hears it before sending.
 */
const KEYS: FieldMessageKeys = {
  email: { required: 'validation.emailRequired' },
  password: { required: 'validation.passwordRequired' },
};

const newPassword = zRegister.shape.password.min(PASSWORD_MIN_LENGTH, 'validation.passwordMin');
const passwordConfirm = zRegister.shape.passwordConfirm.min(
  1,
  'validation.passwordConfirmRequired',
);
const passwordsMatch = {
  check: (values: { password: string; passwordConfirm: string }) =>
    values.password === values.passwordConfirm,
  error: { message: 'validation.passwordsDoNotMatch', path: ['passwordConfirm'] },
};

export const registerSchema = formSchema(
  z
    .object({
      name: zRegister.shape.name,
      email: zRegister.shape.email,
      password: newPassword,
      passwordConfirm,
      phone: zRegister.shape.phone.refine(
        (value) => !value || /^[+\d][\d\s-]*$/.test(value),
        'validation.phoneInvalid',
      ),
      couponCode: zRegister.shape.couponCode,
      legal_accepted: z.boolean().refine((value) => value, 'validation.legalRequired'),
    })
    .refine(passwordsMatch.check, passwordsMatch.error),
  KEYS,
);
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = formSchema(zPasswordResetRequest, KEYS);
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = formSchema(
  z
    .object({ password: newPassword, passwordConfirm })
    .refine(passwordsMatch.check, passwordsMatch.error),
  KEYS,
);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const confirmEmailChangeSchema = formSchema(
  zEmailChangeConfirm.pick({ password: true }),
  KEYS,
);
export type ConfirmEmailChangeValues = z.infer<typeof confirmEmailChangeSchema>;
