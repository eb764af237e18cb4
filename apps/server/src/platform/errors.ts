import { statusFor, type ErrorCode, type ErrorData } from '@siteledger/domain';

/** The one error type of the server: a code from the domain table plus data for the client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: ErrorData;
  readonly status: number;

  constructor(code: ErrorCode, data: ErrorData = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.data = data;
    this.status = statusFor(code);
  }
}

export function notFound(entity?: string): AppError {
  return new AppError('NOT_FOUND', entity ? { variant: 'entity', entity } : {});
}

/** 'Permission denied: Cannot delete deliveries'. */
export function permissionDenied(action: 'create' | 'update' | 'delete', entity: string): AppError {
  return new AppError('PERMISSION_DENIED', { variant: 'action', action, entity });
}

/** 'Permission denied: Only owners can add users'. */
export function ownerOnly(what: string): AppError {
  return new AppError('PERMISSION_DENIED', { variant: 'owner_only', what });
}
