import { describe, expect, it } from 'vitest';
import { detailsSchema, emailSchema, passwordSchema } from './schemas';

function firstKeys(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const keys: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) keys[issue.path.join('.')] ??= issue.message;
  return keys;
}

describe('the profile forms check with the domain’s request schemas', () => {
  it("details: the name is required and the domain's 100 and 20 characters hold", () => {
    expect(firstKeys(detailsSchema.safeParse({ name: ' ', phone: 'call me' }))).toEqual({
      name: 'validation.nameRequired',
      phone: 'validation.phoneInvalid',
    });
    const long = { name: 'n'.repeat(101), phone: '9'.repeat(21) };
    expect(firstKeys(detailsSchema.safeParse(long))).toEqual({
      name: 'validation.tooLong',
      phone: 'validation.tooLong',
    });
    expect(detailsSchema.parse({ name: ' Asha ', phone: ' ' })).toEqual({
      name: 'Asha',
      phone: '',
    });
  });

  it('password: the current one, the length and the confirmation, all at once', () => {
    const values = { currentPassword: '', password: 'abc', passwordConfirm: 'abd' };
    expect(firstKeys(passwordSchema.safeParse(values))).toEqual({
      currentPassword: 'profile.password.currentRequired',
      password: 'validation.passwordMin',
      passwordConfirm: 'validation.passwordsDoNotMatch',
    });
    const long = { currentPassword: 'x', password: 'p'.repeat(201), passwordConfirm: 'x' };
    expect(firstKeys(passwordSchema.safeParse(long)).password).toBe('validation.tooLong');
  });

  it('email: required, then valid', () => {
    expect(firstKeys(emailSchema.safeParse({ newEmail: '' }))).toEqual({
      newEmail: 'validation.emailRequired',
    });
    expect(firstKeys(emailSchema.safeParse({ newEmail: 'asha@' }))).toEqual({
      newEmail: 'validation.emailInvalid',
    });
  });
});
