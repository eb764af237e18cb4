import { describe, expect, it } from 'vitest';
import {
  emptyRequestLine,
  queuedRequestValues,
  requestCreateBody,
  requestFormSchema,
  type RequestFormInput,
} from './material-request-form';
import type { QueueEntry } from '../../lib/offline-queue';

const ITEM = 'abcdefghij12345';

function issues(input: RequestFormInput): Record<string, string> {
  const result = requestFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('material request form', () => {
  it('asks for an item and a quantity on every line, and a real date', () => {
    expect(issues({ items: [emptyRequestLine()], needed_by: '2026-02-30', notes: '' })).toEqual({
      'items.0.item': 'materialRequests.validation.itemRequired',
      'items.0.quantity': 'validation.required',
      needed_by: 'kit.validation.date',
    });
    expect(issues({ items: [], needed_by: '', notes: '' })).toEqual({
      items: 'materialRequests.validation.atLeastOneLine',
    });
  });

  it('sends empty dates and notes as null, with the submit choice', () => {
    const values = requestFormSchema.parse({
      items: [{ item: ITEM, quantity: 2.5, notes: ' ' }],
      needed_by: '',
      notes: '',
    });
    expect(requestCreateBody(values, true)).toEqual({
      items: [{ item: ITEM, quantity: 2.5, notes: null }],
      needed_by: null,
      notes: null,
      submit: true,
    });
  });

  it('fills the form again from a refused queued request', () => {
    const entry = {
      body: { items: [{ item: ITEM, quantity: 3, notes: 'OPC 53' }], needed_by: '2026-12-01' },
    } as unknown as QueueEntry;
    expect(queuedRequestValues(entry)).toEqual({
      items: [{ item: ITEM, quantity: 3, notes: 'OPC 53' }],
      needed_by: '2026-12-01',
      notes: '',
    });
  });
});
