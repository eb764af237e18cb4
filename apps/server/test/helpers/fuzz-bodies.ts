/**
 * Bodies for the write fuzz (issue 37) beside its arbitrary JSON: bodies shaped like each
 * collection's create (mostly valid values, sometimes a boundary one: below a paisa, beyond the
 * books, out-of-range dates, nasty text), so creates and edits are exercised and not only refused;
 * and bodies nested past the server's cap. Ids are symbolic (`@own:vendor`), made concrete per
 * server by the fuzz test.
 */
import fc from 'fast-check';

/** The server refuses deeper bodies with 400 BAD_REQUEST (packages/domain MAX_NESTING). */
export const NESTING_CAP = 64;

const own = (kind: string) => fc.constant(`@own:${kind}`);

const name = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Z][a-z]{2,10} [0-9]{1,4}$/) },
  { weight: 1, arbitrary: fc.constantFrom('सीमेंट 53 ग्रेड', 'Ca\u0301fe', '', ' ', 'a\u0000b') },
);

/** Rupees: mostly ordinary, sometimes a boundary the schemas must judge on the paise. */
const rupees = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 5_000_000 }).map((p) => p / 100) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1e-9, 0.0049999999, 0.001, 0, -1, 0.1 + 0.2, 1e11, 1e11 + 0.01),
  },
);

/** Quantities in units (3 decimals at most), with the same kind of boundaries. */
const quantity = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((m) => m / 1000) },
  { weight: 1, arbitrary: fc.constantFrom(1e-9, 0.0004999, 0.0001, 0, 1e9, 1e9 + 1, 2.5) },
);

/** Business dates: mostly this year's, sometimes outside 2000 … a year from today. */
const date = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-11-20T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString().slice(0, 10)),
  },
  { weight: 1, arbitrary: fc.constantFrom('0000-01-01', '1999-12-31', '9999-12-31', '2026-02-30') },
);

type Shape = Record<string, fc.Arbitrary<unknown>>;

/** Each collection's create, field by field (required and a few optional ones). */
const SHAPES: Record<string, Shape> = {
  vendors: { name, phone: fc.constantFrom('9876543210', undefined) },
  items: { name, unit: fc.constantFrom('bag', 'kg', 'nos', 'm3') },
  services: {
    name,
    category: fc.constantFrom('equipment', 'labor'),
    unit: fc.constantFrom('day', 'hour'),
    standard_rate: rupees,
  },
  accounts: { name, type: fc.constantFrom('bank', 'cash'), opening_balance: rupees },
  tags: { name, color: fc.constantFrom('#22c55e', '#000000', 'red') },
  deliveries: {
    vendor: own('vendor'),
    delivery_date: date,
    delivery_items: fc.array(fc.record({ item: own('item'), quantity, unit_price: rupees }), {
      minLength: 1,
      maxLength: 3,
    }),
  },
  delivery_items: { delivery: own('delivery'), item: own('item'), quantity, unit_price: rupees },
  service_bookings: {
    service: own('service'),
    vendor: own('vendor'),
    start_date: date,
    duration: quantity,
    unit_rate: rupees,
  },
  payments: {
    vendor: own('vendor'),
    account: own('account'),
    amount: rupees,
    payment_date: date,
    delivery_allocations: fc.constantFrom(undefined, [{ delivery: '@own:delivery', amount: 1 }]),
  },
  account_transactions: {
    account: own('account'),
    type: fc.constantFrom('credit', 'debit'),
    amount: rupees,
    transaction_date: date,
  },
  vendor_credit_notes: { vendor: own('vendor'), credit_amount: rupees, issue_date: date },
  quotations: {
    vendor: own('vendor'),
    quotation_type: fc.constant('item'),
    item: own('item'),
    unit_price: rupees,
  },
  purchase_orders: {
    vendor: own('vendor'),
    lines: fc.array(fc.record({ item: own('item'), quantity, unit_price: rupees }), {
      minLength: 1,
      maxLength: 2,
    }),
  },
  material_requests: {
    items: fc.array(fc.record({ item: own('item'), quantity }), { minLength: 1, maxLength: 2 }),
  },
  stock_consumptions: { item: own('item'), quantity, consumption_date: date },
  stock_adjustments: {
    item: own('item'),
    counted_quantity: quantity,
    adjustment_date: date,
    reason: fc.constant('Recount'),
  },
  stock_counts: {
    count_date: date,
    reason: fc.constant('Recount'),
    lines: fc.tuple(quantity).map(([q]) => [{ item: '@own:item', counted_quantity: q }]),
  },
  vendor_returns: {
    vendor: own('vendor'),
    return_date: date,
    reason: fc.constant('damaged'),
    items: fc.tuple(quantity, rupees).map(([q, r]) => [
      {
        delivery_item: '@own:delivery_item',
        quantity_returned: q,
        return_rate: r,
        condition: 'used',
      },
    ]),
  },
};

/** The collection a site route writes, e.g. `deliveries` for `/api/sites/:siteId/deliveries/:id`. */
export function collectionOf(url: string): string {
  return url.split('/')[4] ?? '';
}

/**
 * A body shaped like the route's create (a PATCH of `/:id` gets some of its fields), or null when
 * the route has no shape here.
 */
export function shapedBody(method: string, url: string): fc.Arbitrary<unknown> | null {
  const shape = SHAPES[collectionOf(url)];
  const isRecord = /^\/api\/sites\/:siteId\/[a-z_]+(\/:id)?$/.test(url);
  if (!shape || !isRecord) return null;
  const keys = Object.keys(shape);
  return method === 'POST'
    ? fc.record(shape, { requiredKeys: keys })
    : fc.record(shape, { requiredKeys: [] });
}

/** How deep objects and arrays nest in `value`. */
export function nestingOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const inner = Array.isArray(value) ? value : Object.values(value);
  return 1 + inner.reduce<number>((deepest, v) => Math.max(deepest, nestingOf(v)), 0);
}

/** A value wrapped in arrays and objects, to a depth either side of the cap. */
export function nestedBody(inner: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      inner,
      fc.oneof(
        fc.integer({ min: 1, max: NESTING_CAP - 2 }),
        fc.integer({ min: NESTING_CAP - 1, max: NESTING_CAP + 2 }),
        fc.integer({ min: NESTING_CAP + 3, max: 400 }),
      ),
      fc.constantFrom('array', 'object', 'mixed'),
    )
    .map(([value, depth, how]) => {
      let body: unknown = value;
      for (let i = 0; i < depth; i += 1) {
        const asArray = how === 'array' || (how === 'mixed' && i % 2 === 0);
        body = asArray ? [body] : { name: body };
      }
      return body;
    });
}
