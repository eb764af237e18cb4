import {
  hasPermission,
  isRole,
  messageFor,
  statusFor,
  zDeliveryItemCreate,
  zDeliveryItemDelete,
  zDeliveryItemUpdate,
  type ApiErrorBody,
  type BatchRequest,
  type BatchRequestEntry,
  type BatchResponse,
  type Language,
  type Permission,
} from '@siteledger/domain';
import type { z } from 'zod';
import zodHindi from 'zod/v4/locales/hi.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, permissionDenied } from '../../platform/errors.js';
import { assertWritable } from '../../platform/plan-limits.js';
import * as repo from './deliveries-repo.js';
import { toDeliveryItem } from './deliveries-shape.js';
import { runLineWork } from './delivery-items-service.js';
import { addLine, changeLine, removeLine, SettleError, type LineWork } from './line-work.js';

type Response = BatchResponse['responses'][number];

/** The only URLs a batch accepts (API.md "Batch"). */
const LINE_URL = /^\/api\/sites\/([^/?#]+)\/delivery_items(?:\/([^/?#]+))?$/;

const PERMISSION: Record<BatchRequestEntry['method'], Permission> = {
  POST: 'canCreate',
  PATCH: 'canUpdate',
  DELETE: 'canDelete',
};
const VERB = { POST: 'create', PATCH: 'update', DELETE: 'delete' } as const;

class StepFailure extends Error {
  constructor(
    readonly index: number,
    readonly error: AppError,
  ) {
    super(error.code);
  }
}

const hindi = zodHindi().localeError;

function parseBody<T>(schema: z.ZodType<T>, body: unknown, language: Language): T {
  const result = schema.safeParse(body ?? {}, language === 'hi' ? { error: hindi } : undefined);
  if (result.success) return result.data;
  const fields: Record<string, { code: string; message: string }> = {};
  for (const issue of result.error.issues) {
    fields[issue.path.join('.') || '_'] ??= { code: issue.code, message: issue.message };
  }
  throw new AppError('VALIDATION_FAILED', fields);
}

function errorBody(error: AppError, language: Language): ApiErrorBody {
  const { variant: _variant, ...data } = error.data;
  return {
    status: statusFor(error.code),
    code: error.code,
    message: messageFor(error.code, language, error.data),
    data,
  };
}

interface Caller {
  userId: string;
  language: Language;
  /** Roles by site id, looked up once per batch. */
  roles: Map<string, Awaited<ReturnType<typeof repo.memberRole>>>;
}

async function runStep(
  work: LineWork,
  caller: Caller,
  entry: BatchRequestEntry,
): Promise<Response> {
  const match = LINE_URL.exec(entry.url);
  const siteId = match?.[1];
  const id = match?.[2];
  if (!siteId || (entry.method === 'POST') !== (id === undefined)) {
    throw new AppError('VALIDATION_FAILED', {
      url: {
        code: 'unsupported_url',
        message:
          'Use POST /api/sites/{siteId}/delivery_items or PATCH/DELETE …/delivery_items/{id}',
      },
    });
  }
  const known = caller.roles.has(siteId);
  if (!known) {
    caller.roles.set(siteId, await repo.memberRole(work.trx, siteId, caller.userId));
  }
  const member = caller.roles.get(siteId);
  const role = member?.role;
  if (!isRole(role)) throw new AppError('ACCESS_DENIED');
  if (member?.twoStepMissing) throw new AppError('TWO_STEP_REQUIRED_BY_SITE');
  if (!hasPermission(role, PERMISSION[entry.method])) {
    throw permissionDenied(VERB[entry.method], 'delivery items');
  }
  // The batch route is not under a site, so the access hook cannot check the subscription.
  if (!known) await assertWritable(work.trx, siteId);
  if (entry.method === 'POST') {
    const input = parseBody(zDeliveryItemCreate, entry.body, caller.language);
    return { status: 201, body: toDeliveryItem(await addLine(work, siteId, caller.userId, input)) };
  }
  if (entry.method === 'PATCH') {
    const input = parseBody(zDeliveryItemUpdate, entry.body, caller.language);
    return { status: 200, body: toDeliveryItem(await changeLine(work, siteId, id!, input)) };
  }
  const input = parseBody(zDeliveryItemDelete, entry.body, caller.language);
  await removeLine(work, siteId, id!, input?.release_overpayment === true);
  return { status: 204, body: null };
}

/**
 * POST /api/batch: every request through the same line steps as the single endpoints, in one
 * transaction. The first failure rolls everything back and is reported with its index.
 */
export async function runBatch(
  ctx: AppContext,
  userId: string,
  language: Language,
  input: BatchRequest,
): Promise<BatchResponse> {
  const caller: Caller = { userId, language, roles: new Map() };
  const newLines = input.requests.filter((r) => r.method === 'POST').length;
  try {
    const { result: responses, work } = await runLineWork(ctx, userId, newLines, async (work) => {
      const out: Response[] = [];
      for (const [index, entry] of input.requests.entries()) {
        work.step = index;
        try {
          out.push(await runStep(work, caller, entry));
        } catch (error) {
          if (error instanceof AppError) throw new StepFailure(index, error);
          throw error;
        }
      }
      return out;
    });
    // What settling a lowered delivery released goes on the reply of the step that last
    // touched it (API.md: the reply carries `released`).
    // A DELETE has no body to carry it: it answers 200 `{ released }` instead of 204, as the
    // single DELETE does.
    for (const entry of work.touched.values()) {
      const reply = responses[entry.lastStep];
      if (entry.released.length === 0 || !reply) continue;
      if (reply.body) reply.body = { ...reply.body, released: entry.released };
      else Object.assign(reply, { status: 200, body: { released: entry.released } });
    }
    return { responses };
  } catch (error) {
    const failure =
      error instanceof StepFailure || error instanceof SettleError
        ? { index: error instanceof StepFailure ? error.index : error.step, error: error.error }
        : null;
    if (!failure) throw error;
    throw new AppError('BATCH_FAILED', {
      index: failure.index,
      error: errorBody(failure.error, language),
    });
  }
}
