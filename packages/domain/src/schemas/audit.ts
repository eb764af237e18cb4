import { z } from 'zod';
import { RECORD_TYPES, type AuditDef } from '../registry/index.js';
import { zListQuery } from './common.js';

/**
 * The audit trail (issue 10): every change to a business record, with who made it, when, and the
 * changed fields' old and new values in the API's units (rupees, quantities, dates).
 */
type Declared = (typeof RECORD_TYPES)[number];
type Audited = Extract<Declared, { audit: AuditDef }>;
export type AuditEntity = Audited['audit']['entity'];

/** The trail's entities: every record type its registry entry says is audited (issue 41). */
export const AUDIT_ENTITIES = RECORD_TYPES.flatMap((type) =>
  'audit' in type ? [type.audit.entity] : [],
) as readonly AuditEntity[] as readonly [AuditEntity, ...AuditEntity[]];

/** Entities whose history needs canViewFinancials, like the records themselves. */
export const FINANCIAL_AUDIT_ENTITIES: readonly AuditEntity[] = RECORD_TYPES.flatMap((type) =>
  'audit' in type && 'financial' in type.audit && type.audit.financial ? [type.audit.entity] : [],
);

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const zAuditChange = z.object({ old: z.unknown(), new: z.unknown() });

export const zAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  user: z.string().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  record_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), zAuditChange),
});
export type AuditEntry = z.infer<typeof zAuditEntry>;

/** `from`/`to` bound the UTC date of `at`. */
export const zAuditListQuery = zListQuery.extend({
  user: z.string().max(40).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  record: z.string().max(40).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditListQuery = z.infer<typeof zAuditListQuery>;
