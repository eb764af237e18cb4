import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for a session or a mailed link; only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
