import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  messageFor,
  pickLanguage,
  statusFor,
  textIssueMessage,
  TEXT_ISSUE_MESSAGES,
  type ApiErrorBody,
  type TextIssue,
  type Language,
  type ErrorCode,
  type ErrorData,
} from '@siteledger/domain';
import zodHindi from 'zod/v4/locales/hi.js';
import { drainRequestBody } from './drain-body.js';
import { AppError } from './errors.js';

export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  data: ErrorData = {},
): ApiErrorBody {
  const language = pickLanguage(request.headers['accept-language']);
  // `variant` only picks the wording; the client gets the message, not the switch.
  const { variant: _variant, ...rest } = data;
  return { status: statusFor(code), code, message: messageFor(code, language, data), data: rest };
}

async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  data: ErrorData = {},
) {
  const body = errorBody(request, code, data);
  // A refused body is read to its end first, or the client may never see this answer.
  if (body.status === 413) await drainRequestBody(request.raw);
  return reply.status(body.status).type('application/json; charset=utf-8').send(body);
}

interface ValidationIssueLike {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

type HindiIssue = Parameters<ReturnType<typeof zodHindi>['localeError']>[0];
const hindiErrors = zodHindi().localeError;

/** A text rule's issue (`zLine`, `zMultiline`) names itself in `params.params.text_issue`. */
function textIssueOf(issue: ValidationIssueLike): TextIssue | null {
  const inner = issue.params?.params as { text_issue?: unknown } | undefined;
  const value = inner?.text_issue;
  return typeof value === 'string' && value in TEXT_ISSUE_MESSAGES ? (value as TextIssue) : null;
}

/** A field message in the caller's language: zod's Hindi locale rewrites the English one. */
function fieldMessage(issue: ValidationIssueLike, language: Language): string {
  const textIssue = textIssueOf(issue);
  if (textIssue) return textIssueMessage(textIssue, language);
  const english = issue.message ?? 'Invalid value';
  if (language !== 'hi' || !issue.keyword) return english;
  const hindi = hindiErrors({ ...issue.params, code: issue.keyword } as HindiIssue);
  const text = typeof hindi === 'string' ? hindi : hindi?.message;
  // Issues do not carry the received value, so the locale cannot name its type: drop that part.
  return text?.replace(/, प्राप्त undefined$/, '') || english;
}

/** `{ field: { code, message } }` from the validation issues, first issue per field. */
function validationData(issues: readonly ValidationIssueLike[], language: Language): ErrorData {
  const fields: Record<string, { code: string; message: string }> = {};
  for (const issue of issues) {
    const field = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[field] ??= {
      code: textIssueOf(issue) ?? issue.keyword ?? 'invalid',
      message: fieldMessage(issue, language),
    };
  }
  return fields;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_TYPE: 'BAD_REQUEST',
};

/**
 * Fastify's own refusals before routing (a path that does not decode, such as
 * `/api/sites/%ZZ/items`) in the contract's shape instead of Fastify's body (issue 37).
 * Passed to Fastify as `frameworkErrors`.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'client error');
  void send(request, reply, 'BAD_REQUEST');
}

/** Every failure answers with the error shape of API.md; stacks and SQL stay in the log. */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaFallback: boolean },
): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error.code, error.data);
    const invalid = (issues: ValidationIssueLike[]) =>
      send(
        request,
        reply,
        'VALIDATION_FAILED',
        validationData(issues, pickLanguage(request.headers['accept-language'])),
      );
    if (hasZodFastifySchemaValidationErrors(error)) {
      return invalid(error.validation as ValidationIssueLike[]);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code && FASTIFY_CODES[fastifyError.code]) {
      return send(request, reply, FASTIFY_CODES[fastifyError.code] as ErrorCode);
    }
    if (fastifyError.validation) return invalid(fastifyError.validation as ValidationIssueLike[]);
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) return send(request, reply, 'RATE_LIMITED');
    if (status === 413) return send(request, reply, 'PAYLOAD_TOO_LARGE');
    if (status === 415) return send(request, reply, 'UNSUPPORTED_MEDIA_TYPE');
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(request, reply, 'BAD_REQUEST');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // Client-side routes (/items, /select-site, …) get the web app; unknown /api paths stay JSON.
    if (
      options.spaFallback &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/')
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return send(request, reply, 'NOT_FOUND', { variant: 'route' });
  });
}
