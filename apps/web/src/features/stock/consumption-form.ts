/**
 * The consumption form's values, schema (the domain's `zStockConsumptionCreate`, as a form holds
 * it: '' for no work or note), the bodies it sends and the work suggestions it offers.
 */
import {
  fromMilli,
  toMilli,
  zStockConsumptionCreate,
  zQuantity,
  type StockConsumption,
  type StockConsumptionCreate,
} from '@siteledger/domain';
import { z } from 'zod';
import { todayIso } from '../../components/ui/date-field';
import { formSchema } from '../../lib/form-schema';
import { readBody, type QueueEntry } from '../../lib/offline-queue';

export interface ConsumptionFormInput {
  item: string;
  quantity?: number | undefined;
  consumption_date: string;
  used_for: string;
  notes: string;
}

export const consumptionFormSchema = formSchema(
  zStockConsumptionCreate.extend({
    quantity: z.number().optional().pipe(zQuantity),
    used_for: z.string().pipe(zStockConsumptionCreate.shape.used_for.unwrap().unwrap()),
    notes: z.string().pipe(zStockConsumptionCreate.shape.notes.unwrap().unwrap()),
  }),
  { item: 'stock.validation.itemRequired', consumption_date: 'kit.validation.date' },
);
export type ConsumptionFormValues = z.output<typeof consumptionFormSchema>;

/** The server fields a refusal may name, shown under their fields. */
export const CONSUMPTION_FIELDS = [
  'item',
  'quantity',
  'consumption_date',
  'used_for',
  'notes',
] as const;

export function consumptionFormDefaults(
  consumption: StockConsumption | null,
  item = '',
  today = todayIso(),
): ConsumptionFormInput {
  return {
    item: consumption?.item ?? item,
    quantity: consumption?.quantity,
    consumption_date: consumption?.consumption_date ?? today,
    used_for: consumption?.used_for ?? '',
    notes: consumption?.notes ?? '',
  };
}

/** A refused queued consumption's body back as form values ("Edit and retry"). */
export function queuedConsumptionValues(queued: QueueEntry): ConsumptionFormInput {
  const body = readBody(queued.body);
  return {
    item: body.text('item'),
    quantity: body.num('quantity'),
    consumption_date: body.text('consumption_date') || todayIso(),
    used_for: body.text('used_for'),
    notes: body.text('notes'),
  };
}

export function consumptionBody(values: ConsumptionFormValues): StockConsumptionCreate {
  return {
    item: values.item,
    quantity: values.quantity,
    consumption_date: values.consumption_date,
    used_for: values.used_for.trim() || null,
    notes: values.notes.trim() || null,
  };
}

/** Work sites commonly record consumption against (labels `stock.works.<key>`). */
export const COMMON_WORKS = [
  'slab',
  'plaster',
  'blockWork',
  'brickWork',
  'column',
  'beam',
  'footing',
  'flooring',
] as const;

/**
 * The "used for" suggestions: the site's earlier works first (most used first, as typed before),
 * then the common ones (in the person's language) not already there, without repeats that differ
 * only in case.
 */
export function workSuggestions(
  earlier: readonly (string | null)[],
  common: readonly string[],
  max = 12,
): string[] {
  const counts = new Map<string, { text: string; count: number }>();
  for (const raw of earlier) {
    const text = raw?.trim();
    if (!text) continue;
    const key = text.toLowerCase();
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { text, count: 1 });
  }
  const own = [...counts.values()].sort((a, b) => b.count - a.count).map((entry) => entry.text);
  const rest = common.filter((work) => !counts.has(work.toLowerCase()));
  return [...own, ...rest].slice(0, max);
}

/**
 * What is on hand after the consumption, for the hint under the quantity (null while either
 * figure is unknown); editing a consumption gives its own quantity back first.
 */
export function onHandAfter(
  onHand: number | null | undefined,
  quantity: number | undefined,
  ownQuantity = 0,
): number | null {
  if (onHand === null || onHand === undefined || quantity === undefined) return null;
  if (!Number.isFinite(quantity)) return null;
  return fromMilli(toMilli(onHand) + toMilli(ownQuantity) - toMilli(quantity));
}
