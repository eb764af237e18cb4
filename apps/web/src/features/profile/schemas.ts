import {
  PASSWORD_MIN_LENGTH,
  zEmailChangeRequest,
  zPasswordChange,
  zProfileUpdate,
} from '@siteledger/domain';
import { z } from 'zod';
import { formSchema, formText } from '../../lib/form-schema';

/**
 * The domain's request schemas with messages as i18n keys, shown through `fieldError`
 * (lib/form.ts); the form adds what the server checks in its service (password length, the
 * confirmation) so the person hears it before sending.
 */
export const detailsSchema = formSchema(
  z.object({
    name: zProfileUpdate.shape.name.unwrap(),
    phone: formText(zProfileUpdate.shape.phone).refine(
      (value) => /^[+\d][\d\s-]*$|^$/.test(value),
      'validation.phoneInvalid',
    ),
  }),
  { name: 'validation.nameRequired' },
);
export type DetailsValues = z.infer<typeof detailsSchema>;

export const passwordSchema = formSchema(
  z
    .object({
      currentPassword: zPasswordChange.shape.currentPassword
        .unwrap()
        .min(1, 'profile.password.currentRequired'),
      password: zPasswordChange.shape.password
        .min(1, 'validation.passwordRequired')
        .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
      passwordConfirm: zPasswordChange.shape.passwordConfirm.min(
        1,
        'validation.passwordConfirmRequired',
      ),
    })
    .refine((values) => values.password === values.passwordConfirm, {
      message: 'validation.passwordsDoNotMatch',
      path: ['passwordConfirm'],
    }),
);
export type PasswordValues = z.infer<typeof passwordSchema>;

export const emailSchema = formSchema(zEmailChangeRequest, {
  newEmail: { required: 'validation.emailRequired' },
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
