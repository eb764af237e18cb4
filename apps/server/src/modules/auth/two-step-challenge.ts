import { newId } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { insertAuthToken } from './auth-repo.js';

/** How long the answer to a right password may be exchanged for a session. */
export const CHALLENGE_MINUTES = 10;

/**
 * The answer to a right password when two-step sign-in is on: 403 TWO_STEP_REQUIRED with a
 * challenge — a one-time secret, kept hashed as a 'two_step' auth token — and no session yet.
 * POST /api/auth/login/two-step exchanges it, with a code, for a session (two-step-service.ts).
 */
export async function twoStepChallenge(ctx: AppContext, userId: string): Promise<AppError> {
  const secret = newSecret();
  const now = Date.now();
  await insertAuthToken(ctx.db.kysely, {
    id: newId(),
    user_id: userId,
    kind: 'two_step',
    token_hash: hashSecret(secret),
    new_email: null,
    expires_at: new Date(now + CHALLENGE_MINUTES * 60_000).toISOString(),
    used_at: null,
    created: new Date(now).toISOString(),
  });
  return new AppError('TWO_STEP_REQUIRED', { challenge: secret });
}
