/**
 * The large site's stock (issue 25), after its deliveries and returns, through the service layer
 * like the rest of the seed. Deliveries and counted returns are in the stock ledger already (their
 * services mirror them into stock_movements); here half the deliveries' first lines are used up on
 * site some days later (consumption, one movement each), a few physical counts adjust on hand, and
 * a tenth of the items get a minimum level (40–200 units: below what they hold, so the report
 * weighs every minimum but finds no item low).
 */
import { zItemUpdate, zStockAdjustmentCreate, zStockConsumptionCreate } from '@siteledger/domain';
import { sql } from 'kysely';
import * as items from '../apps/server/src/modules/catalog/items-service.js';
import * as adjustments from '../apps/server/src/modules/stock/adjustments-service.js';
import * as consumptions from '../apps/server/src/modules/stock/consumptions-service.js';
import type { SiteScope } from '../apps/server/src/platform/scope.js';
import { SPAN_DAYS, type SeedPlan } from './seed-plan.js';
import type { SeedTally } from './seed-tally.js';

const WORKS = [
  'Slab casting',
  'Plaster',
  'Block work',
  'Footing',
  'Flooring',
  'Column casting',
  'Waterproofing',
  null,
] as const;

export interface StockSeed {
  scope: SiteScope;
  plan: SeedPlan;
  itemIds: string[];
  /** Landed deliveries by plan index (a refused one has none). */
  deliveryIds: string[];
  dateOf: (day: number) => string;
  pool: (count: number, work: (i: number) => Promise<void>) => Promise<void>;
  tally: SeedTally;
  log: (line: string) => void;
}

export async function seedStock(s: StockSeed): Promise<void> {
  const { scope, plan, itemIds, tally } = s;
  const attempt = tally.attempt.bind(tally);

  // Every second delivery's first line, half of it, used 1–20 days after it came (never later
  // than today: dateOf stops there). Written after every delivery, so on hand always covers it.
  const used = plan.deliveries.flatMap((d, i) => (i % 2 === 0 && s.deliveryIds[i] ? [i] : []));
  tally.intended['stock consumptions'] = used.length;
  // One item's consumptions one after another, different items' side by side: on PostgreSQL two
  // at once on one item can deadlock (40P01, reported to issue 25: the consumption's row takes a
  // key-share lock on its item through the foreign key before takeOut locks the item for update).
  const tails = new Map<number, Promise<unknown>>();
  await s.pool(used.length, async (n) => {
    const i = used[n]!;
    const planned = plan.deliveries[i]!;
    const line = planned.lines[0]!;
    const write = () =>
      attempt('stock consumptions', () =>
        consumptions.createConsumption(
          scope,
          zStockConsumptionCreate.parse({
            item: itemIds[line.item],
            quantity: Math.round(line.quantity * 500) / 1000,
            consumption_date: s.dateOf(planned.day + 1 + (i % 20)),
            used_for: WORKS[i % WORKS.length],
          }),
        ),
      );
    // Taken synchronously: the item's previous consumption is always the tail.
    const run = (tails.get(line.item) ?? Promise.resolve()).then(write);
    tails.set(line.item, run);
    await run;
  });
  s.log(`  ${tally.counts['stock consumptions'] ?? 0} stock consumptions`);

  // Physical counts over the last two months: most find a little less, every third a little more.
  const counts = Math.max(5, Math.round(plan.deliveries.length / 1000));
  tally.intended['stock adjustments'] = counts;
  for (let k = 0; k < counts; k += 1) {
    const item = itemIds[(k * 97) % itemIds.length]!;
    const onHand = (await items.getItem(scope, item)).current_stock;
    const counted = k % 3 === 0 ? onHand + 2 : Math.max(0, Math.floor(onHand * 0.95));
    await attempt('stock adjustments', () =>
      adjustments.createAdjustment(
        scope,
        zStockAdjustmentCreate.parse({
          item,
          counted_quantity: counted,
          adjustment_date: s.dateOf(SPAN_DAYS - 1 - (k % 60)),
          reason: 'Monthly physical count',
        }),
      ),
    );
  }

  const minimums = itemIds.filter((_, i) => i % 10 === 0);
  tally.intended['minimum levels'] = minimums.length;
  await s.pool(minimums.length, async (n) => {
    await attempt('minimum levels', () =>
      items.updateItem(
        scope,
        minimums[n]!,
        zItemUpdate.parse({ min_stock_level: 40 + (n % 5) * 40 }),
      ),
    );
  });
  s.log(`  ${counts} stock counts, ${minimums.length} minimum levels`);

  // Each landed delivery line must be in the ledger: the services' mirror, checked.
  const { rows } = await sql<{ kind: string; n: number | string }>`
    select kind, count(*) as n from stock_movements where site_id = ${scope.siteId}
    group by kind`.execute(scope.ctx.db.kysely);
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  tally.intended['delivery movements'] = tally.counts.lines ?? 0;
  tally.add('delivery movements', byKind.delivery ?? 0);
  s.log(`  stock movements by kind: ${JSON.stringify(byKind)}`);
}
