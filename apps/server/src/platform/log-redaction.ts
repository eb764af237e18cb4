import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (mailed links, OAuth-style callbacks). */
const SECRET_PARAMS = /([?&](?:token|code|signature|key|password|access_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * The request as logged: never its headers (bearer tokens, cookies) and never a secret from the
 * query string (`/reset-password?token=…` is a page request like any other).
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
