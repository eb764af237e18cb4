import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../lib/offline-queue';
import { queuedWorkerValues, workerBody, workerFormSchema } from './worker-form';
import { queueEntry } from '../../lib/queue-entry-fixture';

const entry = (body: unknown): QueueEntry =>
  queueEntry({ collection: 'workers', body, status: 'failed', attempts: 1 });

describe('a queued worker', () => {
  it('fills the form back as it was sent, a gang with its headcount', () => {
    const values = {
      name: 'Shankar gang',
      trade: 'Mason',
      daily_wage: 950.5,
      normal_hours: 8,
      phone: '98450 12345',
      labour_contractor: 'vendor000000001',
      gang: true,
      headcount: 6,
      active: true,
      notes: '',
    };
    const body = workerBody(workerFormSchema.parse(values));
    expect(queuedWorkerValues(entry(body))).toEqual(values);
    // A person: no headcount; an inactive one stays inactive.
    const person = workerBody(
      workerFormSchema.parse({ ...values, gang: false, headcount: null, active: false }),
    );
    expect(queuedWorkerValues(entry(person))).toMatchObject({
      gang: false,
      headcount: null,
      active: false,
      labour_contractor: 'vendor000000001',
    });
  });
});
