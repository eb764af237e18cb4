import { describe, expect, it } from 'vitest';
import {
  emptyTransferLine,
  transferBody,
  transferFormDefaults,
  transferFormSchema,
  transferValuePreview,
} from './transfer-form';

const SITE = 'site00000000002';
const CEMENT = 'item00000000001';
const STEEL = 'item00000000002';

function issues(input: unknown): Record<string, string> {
  const result = transferFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('transfer form', () => {
  it('asks for the site, an item and a quantity on each line, each item once', () => {
    expect(issues(transferFormDefaults('2026-11-27'))).toEqual({
      to_site: 'stock.validation.siteRequired',
      'lines.0.item': 'stock.validation.itemRequired',
      'lines.0.quantity': 'validation.required',
    });
    expect(
      issues({
        ...transferFormDefaults('2026-11-27'),
        to_site: SITE,
        lines: [
          { item: CEMENT, quantity: 1 },
          { item: CEMENT, quantity: 2 },
        ],
      }),
    ).toEqual({ lines: 'stock.validation.itemOnce' });
  });

  it('sends the lines as typed and an empty note as null', () => {
    const values = transferFormSchema.parse({
      to_site: SITE,
      transfer_date: '2026-11-27',
      notes: '',
      lines: [{ item: CEMENT, quantity: 10 }],
    });
    expect(transferBody(values)).toEqual({
      to_site: SITE,
      transfer_date: '2026-11-27',
      notes: null,
      lines: [{ item: CEMENT, quantity: 10 }],
    });
  });

  it("values each line at this site's average, to the paisa, and totals them", () => {
    const averages = new Map([
      [CEMENT, 385.5],
      [STEEL, 62.333],
    ]);
    const preview = transferValuePreview(
      [
        { item: CEMENT, quantity: 10 },
        { item: STEEL, quantity: 1.5 },
        emptyTransferLine(),
        { item: 'item00000000009', quantity: 2 },
      ],
      averages,
    );
    // 62.33 a kg (the average as the API shows it) × 1.5 = 93.495 → 93.50.
    expect(preview).toEqual({ lines: [3855, 93.5, null, null], total: 3948.5 });
  });
});
