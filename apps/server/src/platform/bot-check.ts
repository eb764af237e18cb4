import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors.js';

export interface BotCheck {
  readonly enabled: boolean;
  /** Throws BOT_CHECK_REQUIRED / BOT_CHECK_EXPIRED / BOT_CHECK_FAILED; resolves when the token passes. */
  verify(token: string | null | undefined, remoteIp: string): Promise<void>;
}

interface SiteverifyResponse {
  success?: boolean;
  'error-codes'?: string[];
}

/** Cloudflare Turnstile siteverify; off when no secret key is configured. */
export function createBotCheck(options: {
  secretKey: string | null;
  verifyUrl: string;
  logger: FastifyBaseLogger;
}): BotCheck {
  const { secretKey } = options;
  if (!secretKey) return { enabled: false, verify: () => Promise.resolve() };
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (!token) throw new AppError('BOT_CHECK_REQUIRED');
      let result: SiteverifyResponse;
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(10_000),
        });
        result = (await response.json()) as SiteverifyResponse;
      } catch (error) {
        options.logger.warn({ err: error }, 'turnstile siteverify unreachable');
        throw new AppError('BOT_CHECK_FAILED');
      }
      if (result.success === true) return;
      if (result['error-codes']?.includes('timeout-or-duplicate')) {
        throw new AppError('BOT_CHECK_EXPIRED');
      }
      throw new AppError('BOT_CHECK_FAILED');
    },
  };
}
