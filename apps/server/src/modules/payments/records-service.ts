import { recordLister } from '../../platform/list-shaped.js';
import * as repo from './payments-repo.js';
import { shapeAllocations, shapeUsage } from './payments-shape.js';

/** Read-only list of allocations (canViewFinancials). */
export const listAllocations = recordLister(
  'payment_allocations',
  repo.allocationsQuery,
  shapeAllocations,
);

/** Read-only list of credit-note usage (canViewFinancials). */
export const listUsage = recordLister('credit_note_usage', repo.usageQuery, shapeUsage);
