import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation';

describe('sign-in form checks', () => {
  it('accepts an ordinary address and trims it', () => {
    expect(validateLogin({ email: '  asha@example.in ', password: 'x' })).toEqual({
      values: { email: 'asha@example.in', password: 'x' },
      errors: {},
    });
    expect(validateLogin({ email: 'a.b+site@mail.co.in', password: 'x' }).errors).toEqual({});
  });

  it('names the missing and malformed fields with the auth forms’ i18n keys', () => {
    expect(validateLogin({ email: '', password: '' }).errors).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
    for (const email of ['asha', 'asha@', '@example.in', 'asha@example', 'a sha@example.in']) {
      expect(validateLogin({ email, password: 'x' }).errors.email).toBe('validation.emailInvalid');
    }
    expect(validateLogin({ email: `${'a'.repeat(250)}@x.in`, password: 'x' }).errors.email).toBe(
      'validation.tooLong',
    );
    expect(validateLogin({ email: 'a@x.in', password: 'p'.repeat(201) }).errors.password).toBe(
      'validation.tooLong',
    );
  });
});
