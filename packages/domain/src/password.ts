// Without zod (like text-issues.ts): the web app's sign-in page reads it on its first load.

/** The shortest password an account may have (spec part 4). */
export const PASSWORD_MIN_LENGTH = 6;
