import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A record id: 15 random characters [a-z0-9] (≈77 bits). */
export function newId(): string {
  // 252 = 7 × 36: bytes at or above it are rejected so every character is equally likely.
  let id = '';
  while (id.length < 15) {
    for (const byte of randomBytes(24)) {
      if (byte < 252 && id.length < 15) id += ALPHABET[byte % 36];
    }
  }
  return id;
}

export function nowIso(): string {
  return new Date().toISOString();
}
