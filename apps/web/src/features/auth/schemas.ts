import { PASSWORD_MIN_LENGTH } from '@siteledger/domain';
import { z } from 'zod';

/** Messages are i18n keys, shown through `fieldError` (lib/form.ts). */
const email = z
  .string()
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.tooLong')
  .pipe(z.email('validation.emailInvalid'));

const newPassword = z
  .string()
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(200, 'validation.tooLong');

export const registerSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.nameRequired').max(100, 'validation.tooLong'),
    email,
    password: newPassword,
    passwordConfirm: z.string().min(1, 'validation.passwordConfirmRequired'),
    phone: z
      .string()
      .trim()
      .max(20, 'validation.tooLong')
      .regex(/^[+\d][\d\s-]*$|^$/, 'validation.phoneInvalid'),
    couponCode: z.string().trim().max(50, 'validation.tooLong'),
    legal_accepted: z.boolean().refine((value) => value, 'validation.legalRequired'),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    message: 'validation.passwordsDoNotMatch',
    path: ['passwordConfirm'],
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    passwordConfirm: z.string().min(1, 'validation.passwordConfirmRequired'),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    message: 'validation.passwordsDoNotMatch',
    path: ['passwordConfirm'],
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const confirmEmailChangeSchema = z.object({
  password: z.string().min(1, 'validation.passwordRequired').max(200, 'validation.tooLong'),
});
export type ConfirmEmailChangeValues = z.infer<typeof confirmEmailChangeSchema>;
