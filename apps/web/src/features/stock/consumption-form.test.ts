import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../lib/offline-queue';
import {
  consumptionBody,
  consumptionFormDefaults,
  consumptionFormSchema,
  onHandAfter,
  queuedConsumptionValues,
  workSuggestions,
  type ConsumptionFormInput,
} from './consumption-form';

const ITEM = 'abcdefghij12345';

function issues(input: ConsumptionFormInput): Record<string, string> {
  const result = consumptionFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('consumption form', () => {
  it('starts today with the item given, and asks for an item, a quantity and a real date', () => {
    expect(consumptionFormDefaults(null, ITEM, '2026-11-27')).toEqual({
      item: ITEM,
      quantity: undefined,
      consumption_date: '2026-11-27',
      used_for: '',
      notes: '',
    });
    expect(
      issues({
        item: '',
        quantity: undefined,
        consumption_date: '2026-02-30',
        used_for: '',
        notes: '',
      }),
    ).toEqual({
      item: 'stock.validation.itemRequired',
      quantity: 'validation.required',
      consumption_date: 'kit.validation.date',
    });
    expect(issues({ ...consumptionFormDefaults(null, ITEM), quantity: 1.2345 })).toEqual({
      quantity: 'kit.validation.threeDecimals',
    });
  });

  it('sends an empty work and note as null, trimmed otherwise', () => {
    const values = consumptionFormSchema.parse({
      item: ITEM,
      quantity: 12.5,
      consumption_date: '2026-11-27',
      used_for: ' Slab ',
      notes: '  ',
    });
    expect(consumptionBody(values)).toEqual({
      item: ITEM,
      quantity: 12.5,
      consumption_date: '2026-11-27',
      used_for: 'Slab',
      notes: null,
    });
  });

  it('fills the form again from a refused queued consumption', () => {
    const entry = {
      body: { item: ITEM, quantity: 3, consumption_date: '2026-11-20', used_for: 'Plaster' },
    } as unknown as QueueEntry;
    expect(queuedConsumptionValues(entry)).toEqual({
      item: ITEM,
      quantity: 3,
      consumption_date: '2026-11-20',
      used_for: 'Plaster',
      notes: '',
    });
  });

  it("suggests the site's works, most used first, then the common ones not already there", () => {
    expect(
      workSuggestions(
        ['Plaster', 'slab', null, 'Slab', ' ', 'Terrace'],
        ['Slab', 'Plaster', 'Beam'],
      ),
    ).toEqual(['slab', 'Plaster', 'Terrace', 'Beam']);
    expect(workSuggestions([], ['Slab', 'Beam'], 1)).toEqual(['Slab']);
  });

  it('says what is left after the consumption, in thousandths, giving an edit its own back', () => {
    expect(onHandAfter(10.1, 0.2)).toBe(9.9);
    expect(onHandAfter(4, 5)).toBe(-1);
    expect(onHandAfter(4, 5, 2)).toBe(1);
    expect(onHandAfter(undefined, 5)).toBeNull();
    expect(onHandAfter(4, undefined)).toBeNull();
  });
});
