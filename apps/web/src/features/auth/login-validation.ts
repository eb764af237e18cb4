/**
 * The sign-in form is checked without zod or react-hook-form: the login page is the first thing
 * anyone loads, and those two would be a quarter of its JavaScript budget (issue 7: 170 KB
 * gzipped). The rules and the i18n keys are the same as the other auth forms' (schemas.ts).
 */
export interface LoginValues {
  email: string;
  password: string;
}

// The shape zod's z.email() accepts for ordinary addresses: local@domain.tld, no spaces.
const EMAIL_PATTERN =
  /^[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function emailError(value: string): string | null {
  if (value.length === 0) return 'validation.emailRequired';
  if (value.length > 254) return 'validation.tooLong';
  return EMAIL_PATTERN.test(value) ? null : 'validation.emailInvalid';
}

function passwordError(value: string): string | null {
  if (value.length === 0) return 'validation.passwordRequired';
  return value.length > 200 ? 'validation.tooLong' : null;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export function validateLogin(input: LoginValues): { values: LoginValues; errors: LoginErrors } {
  const values = { email: input.email.trim(), password: input.password };
  const errors: LoginErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = passwordError(values.password);
  if (password) errors.password = password;
  return { values, errors };
}
