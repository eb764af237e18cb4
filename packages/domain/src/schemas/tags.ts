import { z } from 'zod';
import { zLine } from '../text.js';
import { zListQuery } from './common.js';

export const TAG_TYPES = ['custom', 'item_category', 'service_category', 'specialty'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** The 20 tag colours (spec part 9); a new tag takes one not yet used on the site when it can. */
export const TAG_PALETTE = [
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#eab308',
  '#84cc16',
  '#22c55e',
  '#10b981',
  '#14b8a6',
  '#06b6d4',
  '#0ea5e9',
  '#3b82f6',
  '#6366f1',
  '#8b5cf6',
  '#a855f7',
  '#d946ef',
  '#ec4899',
  '#f43f5e',
  '#78716c',
  '#64748b',
  '#0f766e',
] as const;

/** The first palette colour no tag uses yet, else the least used one (ties: palette order). */
export function pickTagColor(usedColors: readonly string[]): string {
  const counts = new Map<string, number>(TAG_PALETTE.map((c) => [c, 0]));
  for (const color of usedColors) {
    const key = color.toLowerCase();
    if (counts.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: string = TAG_PALETTE[0];
  let bestCount = Number.POSITIVE_INFINITY;
  for (const color of TAG_PALETTE) {
    const count = counts.get(color) ?? 0;
    if (count < bestCount) {
      best = color;
      bestCount = count;
    }
  }
  return best;
}

export const zTagName = zLine(50).min(1, 'Tag name is required');

export const zTagCreate = z.object({
  name: zTagName,
  type: z.enum(TAG_TYPES).default('custom'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #22c55e')
    .optional(),
});
export type TagCreate = z.infer<typeof zTagCreate>;

export const zTagUpdate = z.object({
  name: zTagName.optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
});
export type TagUpdate = z.infer<typeof zTagUpdate>;

export const zTag = z.object({
  id: z.string(),
  site: z.string(),
  name: z.string(),
  color: z.string(),
  type: z.enum(TAG_TYPES),
  usage_count: z.number(),
  created: z.string(),
  updated: z.string(),
});
export type Tag = z.infer<typeof zTag>;

/** A record's tags as sent: tag ids of the same site (at most 20). */
export const zTagIds = z.array(z.string().regex(/^[a-z0-9]{15}$/, 'Invalid id')).max(20);

export const zTagListQuery = zListQuery.extend({ type: z.enum(TAG_TYPES).optional() });
export type TagListQuery = z.infer<typeof zTagListQuery>;
