import { TAG_PALETTE } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { backFor, colorChoices, isTagType, tagChanges, tagFormSchema } from './tag-form';

const tag = { name: 'Cement', color: '#22c55e' };

describe('tag edit form', () => {
  it('sends only what changed: a trimmed name, a lower-case colour, or nothing', () => {
    expect(tagChanges(tag, { name: 'Cement', color: '#22C55E' })).toBeNull();
    expect(tagChanges(tag, { name: '  Cement ', color: '#22c55e' })).toBeNull();
    expect(tagChanges(tag, { name: 'OPC cement', color: '#22c55e' })).toEqual({
      name: 'OPC cement',
    });
    expect(tagChanges(tag, { name: 'Cement', color: '#3B82F6' })).toEqual({ color: '#3b82f6' });
    expect(tagChanges(tag, { name: 'Steel', color: '#ef4444' })).toEqual({
      name: 'Steel',
      color: '#ef4444',
    });
  });

  it('checks the name as the server does: trimmed, required, at most 50 characters', () => {
    const ok = tagFormSchema.safeParse({ name: '  Sand  ', color: '#ef4444' });
    expect(ok.success && ok.data.name).toBe('Sand');
    const blank = tagFormSchema.safeParse({ name: '   ', color: '#ef4444' });
    expect(blank.error?.issues[0]?.message).toBe('validation.nameRequired');
    const long = tagFormSchema.safeParse({ name: 'x'.repeat(51), color: '#ef4444' });
    expect(long.error?.issues[0]?.message).toBe('validation.tooLong');
    const color = tagFormSchema.safeParse({ name: 'Sand', color: 'red' });
    expect(color.error?.issues[0]?.message).toBe('tags.manage.validation.color');
  });

  it('offers the palette of 20, with a colour from outside it kept first', () => {
    expect(colorChoices('#EF4444')).toEqual([...TAG_PALETTE]);
    expect(colorChoices('#123456')).toEqual(['#123456', ...TAG_PALETTE]);
    expect(colorChoices('#123456')).toHaveLength(21);
  });

  it('reads the type from the URL and links back to the list that uses it', () => {
    expect(isTagType('item_category')).toBe(true);
    expect(isTagType('colour')).toBe(false);
    expect(isTagType(null)).toBe(false);
    expect(backFor('item_category')).toEqual({ to: '/items', labelKey: 'nav.items' });
    expect(backFor('service_category')?.to).toBe('/services');
    expect(backFor('specialty')?.to).toBe('/vendors');
    expect(backFor('custom')).toBeNull();
    expect(backFor(undefined)).toBeNull();
  });
});
