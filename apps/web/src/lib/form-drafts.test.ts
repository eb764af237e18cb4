import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft } from './form-drafts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('form drafts', () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: memoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one draft per user, site and form until it is cleared', () => {
    const mine = draftKey('u1', 's1', 'delivery');
    expect(mine).toBe('siteledger.draft.u1.s1.delivery');
    writeDraft(mine, { vendor: 'v1', lines: [{ quantity: '12' }] });
    expect(readDraft(mine)?.values).toEqual({ vendor: 'v1', lines: [{ quantity: '12' }] });
    // Another site's or another person's form starts empty.
    expect(readDraft(draftKey('u1', 's2', 'delivery'))).toBeNull();
    expect(readDraft(draftKey('u2', 's1', 'delivery'))).toBeNull();
    clearDraft(mine);
    expect(readDraft(mine)).toBeNull();
  });

  it('drops files and ignores what is not a draft', () => {
    const key = draftKey('u1', 's1', 'return');
    writeDraft(key, { notes: 'wet bags', photo: new Blob(['x']) });
    expect(readDraft(key)?.values).toEqual({ notes: 'wet bags' });
    window.localStorage.setItem(key, '{"values": [1, 2]}');
    expect(readDraft(key)).toBeNull();
    window.localStorage.setItem(key, 'not json');
    expect(readDraft(key)).toBeNull();
  });
});
