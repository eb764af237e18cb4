import { z } from 'zod';

/**
 * Two-step sign-in (issue 19): a time-based code (TOTP, RFC 6238: 6 digits, 30 seconds, SHA-1 —
 * what every authenticator app reads from the QR code), or one of the one-time recovery codes.
 */
export const TWO_STEP_CODE_DIGITS = 6;
/** How many recovery codes are issued at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** A code as typed: the server answers TWO_STEP_CODE_INVALID for anything that is not right. */
const zCode = z.string().trim().min(1).max(64);

/** POST /api/me/two-step/setup: the secret to scan (QR) or type, kept pending until enabled. */
export const zTwoStepSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg_data_url: z.string(),
});
export type TwoStepSetup = z.infer<typeof zTwoStepSetup>;

/** POST /api/me/two-step/enable: the first code from the app proves it was set up right. */
export const zTwoStepEnable = z.object({ code: zCode });

/** The recovery codes, shown once (only their hashes are kept). */
export const zRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof zRecoveryCodes>;

/** A code from the app or a recovery code (either field takes a recovery code). */
const zSecondFactor = z.object({ code: zCode.optional(), recovery_code: zCode.optional() });

/** POST /api/me/two-step/disable. */
export const zTwoStepDisable = zSecondFactor.extend({ password: z.string().min(1).max(200) });
export type TwoStepDisable = z.infer<typeof zTwoStepDisable>;

/** POST /api/me/two-step/recovery-codes: new codes; the old ones stop working. */
export const zRecoveryCodesRequest = z.object({ password: z.string().min(1).max(200) });

/** POST /api/auth/login/two-step: the challenge the login answered with, and a code. */
export const zTwoStepLogin = zSecondFactor.extend({ challenge: z.string().min(1).max(200) });
export type TwoStepLogin = z.infer<typeof zTwoStepLogin>;

/** GET /api/me/two-step. */
export const zTwoStepStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof zTwoStepStatus>;
