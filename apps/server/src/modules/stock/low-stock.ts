import { siteCondition } from '../../db/site-scope.js';
import { isLowStock } from '@siteledger/domain';
import type { SiteScope } from '../../platform/scope.js';
import { sumsFor } from './ledger-repo.js';

/**
 * After a write has committed: every item it took below its minimum level (it was at or above it
 * before `taken` left) gets a live `items` event with step `low_stock`, so the site's screens warn.
 * `taken` is milli per item (negative when stock came in).
 */
export async function noticeLowStock(scope: SiteScope, taken: Map<string, number>): Promise<void> {
  const { ctx, siteId, userId } = scope;
  if (taken.size === 0) return;
  const items = [...taken.keys()];
  const levels = await ctx.db.kysely
    .selectFrom('items')
    .select(['id', 'min_stock_level'])
    .where(siteCondition('items', 'items.site_id', siteId))
    .where('id', 'in', items)
    .where('min_stock_level', 'is not', null)
    .execute();
  if (levels.length === 0) return;
  const sums = await sumsFor(
    ctx.db.kysely,
    siteId,
    levels.map((l) => l.id),
  );
  for (const { id, min_stock_level } of levels) {
    const min = Number(min_stock_level);
    const after = sums.get(id)!.quantity;
    const before = after + (taken.get(id) ?? 0);
    if (isLowStock(after, min) && !isLowStock(before, min)) {
      ctx.events.publish(siteId, {
        collection: 'items',
        action: 'update',
        id,
        user: userId,
        step: 'low_stock',
      });
    }
  }
}
