import { expect } from 'vitest';
import { call, readOutbox, tokenFromLink, type OutboxMail } from './api.js';
import type { TestServer } from './test-server.js';

/** Verifies an account the way its owner does: the link of the newest verification mail. */
export async function verifyEmail(server: TestServer, email: string): Promise<void> {
  const mail = readOutbox(server.dataDir)
    .filter((m) => m.to === email && m.link?.includes('/verify?'))
    .at(-1);
  const res = await call(server.url, 'POST', '/api/auth/verification/confirm', {
    body: { token: tokenFromLink(mail?.link) },
  });
  expect(res.status).toBe(204);
}

/** The newest invitation mail sent to this address. */
export function invitationMail(server: TestServer, email: string): OutboxMail {
  const mail = readOutbox(server.dataDir)
    .filter((m) => m.to === email && m.subject.includes('invited you'))
    .at(-1);
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  return mail;
}

/**
 * The invites-page URL an invitation mail leads to (directly, or through `next` of the register
 * link) and the one-time token in it.
 */
export function invitesTarget(link: string | undefined): { url: URL; token: string } {
  if (!link) throw new Error('invitation mail without a link');
  const outer = new URL(link);
  const next = outer.searchParams.get('next');
  const url = next ? new URL(next, outer) : outer;
  return { url, token: tokenFromLink(url.toString()) };
}
