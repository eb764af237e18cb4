import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findUnsafeText,
  MAX_NESTING,
  nestsDeeperThan,
  pickLanguage,
  textIssueMessage,
} from '@siteledger/domain';
import { AppError } from './errors.js';

/**
 * Refuses a request whose text holds NUL, another C0 control or a lone surrogate (issue 17),
 * whatever its route or schema: PostgreSQL answered such text with a 500 and SQLite stored it.
 * Field schemas add their own rule on top (`zLine` refuses line breaks in one-line fields).
 */
function refuseUnsafe(request: FastifyRequest, value: unknown): void {
  const found = findUnsafeText(value);
  if (!found) return;
  const language = pickLanguage(request.headers['accept-language']);
  throw new AppError('VALIDATION_FAILED', {
    [found.path.join('.') || '_']: {
      code: found.issue,
      message: textIssueMessage(found.issue, language),
    },
  });
}

/**
 * A JSON body nested deeper than any form needs is refused first, before the session is looked
 * up or a string is read (issue 37: 10,000 levels overflowed the stack and held the event loop).
 */
export function registerBodyDepthGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && nestsDeeperThan(request.body)) {
      throw new AppError('BAD_REQUEST', { max_nesting: MAX_NESTING });
    }
  });
}

/** Path parameters and the query string, before access control looks anything up with them. */
export function registerUrlTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseUnsafe(request, request.params);
    refuseUnsafe(request, request.query);
  });
}

/**
 * JSON bodies, after access control (a stranger learns nothing about a route's body). Multipart
 * bodies are read by their routes through `readParts`, which applies the same rule.
 */
export function registerBodyTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) refuseUnsafe(request, request.body);
  });
}

/** The same rule for one multipart part's field name, file name or value. */
export function refuseUnsafeText(request: FastifyRequest, value: unknown): void {
  refuseUnsafe(request, value);
}
