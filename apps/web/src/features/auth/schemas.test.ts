import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, registerSchema, resetPasswordSchema } from './schemas';

function firstKeys(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const keys: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) keys[issue.path.join('.')] ??= issue.message;
  return keys;
}

const person = {
  name: 'Asha Verma',
  email: 'asha@example.in',
  password: 'secret-1',
  passwordConfirm: 'secret-1',
  phone: '',
  couponCode: '',
  legal_accepted: true,
};

describe('the auth forms check with the domain’s request schemas', () => {
  it('names every problem of a register form at once, with the keys it always showed', () => {
    const values = { ...person, password: 'abc', passwordConfirm: 'abd', legal_accepted: false };
    expect(firstKeys(registerSchema.safeParse(values))).toEqual({
      password: 'validation.passwordMin',
      passwordConfirm: 'validation.passwordsDoNotMatch',
      legal_accepted: 'validation.legalRequired',
    });
  });

  it('asks for what is missing', () => {
    const values = { ...person, name: ' ', email: '', password: '', passwordConfirm: '' };
    expect(firstKeys(registerSchema.safeParse(values))).toEqual({
      name: 'validation.nameRequired',
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
      passwordConfirm: 'validation.passwordConfirmRequired',
    });
  });

  it("takes the domain's limits: a 101-character name, a 21-character phone, a bad email", () => {
    const values = { ...person, name: 'n'.repeat(101), phone: '9'.repeat(21), email: 'asha@' };
    expect(firstKeys(registerSchema.safeParse(values))).toEqual({
      name: 'validation.tooLong',
      phone: 'validation.tooLong',
      email: 'validation.emailInvalid',
    });
    expect(firstKeys(registerSchema.safeParse({ ...person, phone: 'call me' }))).toEqual({
      phone: 'validation.phoneInvalid',
    });
  });

  it('checks the reset and forgot-password forms the same way', () => {
    expect(
      firstKeys(resetPasswordSchema.safeParse({ password: 'abc', passwordConfirm: '' })),
    ).toEqual({
      password: 'validation.passwordMin',
      passwordConfirm: 'validation.passwordConfirmRequired',
    });
    expect(firstKeys(forgotPasswordSchema.safeParse({ email: ' ' }))).toEqual({
      email: 'validation.emailRequired',
    });
    expect(forgotPasswordSchema.parse({ email: ' Asha@Example.in ' })).toEqual({
      email: 'asha@example.in',
    });
  });
});
