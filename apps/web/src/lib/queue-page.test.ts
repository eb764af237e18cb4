import { describe, expect, it } from 'vitest';
import { queuePage } from './offline-queue-hooks';

describe("the page a queued entry's Edit opens", () => {
  it("is the kind's list page, the Labour page for a muster, an RA bill's work order", () => {
    expect(queuePage({ collection: 'deliveries', body: {} })).toBe('/deliveries');
    expect(queuePage({ collection: 'attendance', body: {} })).toBe('/labour');
    expect(queuePage({ collection: 'ra_bills', body: { work_order: 'wo0000000000001' } })).toBe(
      '/work-orders/wo0000000000001',
    );
    expect(queuePage({ collection: 'ra_bills', body: {} })).toBe('/work-orders');
  });
});
