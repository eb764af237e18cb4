import { describe, expect, it } from 'vitest';
import { PICKER_PAGE, WHOLE_LIST, pickerParams } from './entity-search';
import { isPickList } from './offline-queue-lists';
import { queryKeys } from './query-keys';

describe('the pick lists kept for offline use', () => {
  it("keeps whole lists and a picker's first page, not searched pages or list pages", () => {
    const list = (params: Record<string, unknown>) => queryKeys.recordList('s1', 'vendors', params);
    expect(isPickList(list(pickerParams('', WHOLE_LIST)))).toBe(true);
    expect(isPickList(list(pickerParams('')))).toBe(true);
    expect(isPickList(list(pickerParams('', PICKER_PAGE, { is_active: true })))).toBe(true);
    expect(isPickList(list(pickerParams('sharma')))).toBe(false);
    expect(isPickList(list({ perPage: 30, sort: 'name', expand: 'tags' }))).toBe(false);
    expect(isPickList(queryKeys.recordList('s1', 'deliveries', pickerParams('')))).toBe(false);
    expect(isPickList(queryKeys.sites)).toBe(true);
  });
});
