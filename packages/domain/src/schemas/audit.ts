import { z } from 'zod';
import { zListQuery } from './common.js';

/**
 * The audit trail (issue 10): every change to a business record, with who made it, when, and the
 * changed fields' old and new values in the API's units (rupees, quantities, dates).
 */
export const AUDIT_ENTITIES = [
  'vendors',
  'items',
  'services',
  'tags',
  'quotations',
  'deliveries',
  'delivery_items',
  'service_bookings',
  'payments',
  'accounts',
  'account_transactions',
  'vendor_returns',
  'credit_notes',
  'material_requests',
  'purchase_orders',
  'stock_consumptions',
  'stock_adjustments',
  'stock_transfers',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Entities whose history needs canViewFinancials, like the records themselves. */
export const FINANCIAL_AUDIT_ENTITIES: readonly AuditEntity[] = [
  'payments',
  'accounts',
  'account_transactions',
  'credit_notes',
];

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
