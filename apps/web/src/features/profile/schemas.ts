import { PASSWORD_MIN_LENGTH } from '@siteledger/domain';
import { z } from 'zod';

/** Messages are i18n keys, shown through `fieldError` (lib/form.ts). */
export const detailsSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(100, 'validation.tooLong'),
  phone: z
    .string()
    .trim()
    .max(20, 'validation.tooLong')
    .regex(/^[+\d][\d\s-]*$|^$/, 'validation.phoneInvalid'),
});
export type DetailsValues = z.infer<typeof detailsSchema>;

export const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'profile.password.currentRequired').max(200),
    password: z
      .string()
      .min(1, 'validation.passwordRequired')
      .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
      .max(200, 'validation.tooLong'),
    passwordConfirm: z.string().min(1, 'validation.passwordConfirmRequired'),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    message: 'validation.passwordsDoNotMatch',
    path: ['passwordConfirm'],
  });
export type PasswordValues = z.infer<typeof passwordSchema>;

export const emailSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid')),
});
export type EmailValues = z.infer<typeof emailSchema>;

/** The server takes JPEG, PNG, WebP and HEIC photos up to its upload limit (10 MB by default). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
export const AVATAR_MAX_MB = 10;

export function avatarProblem(file: File): 'type' | 'size' | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_MB * 1024 * 1024) return 'size';
  return null;
}
