import { describe, expect, it } from 'vitest';
import { nextFromSearch, safeNextPath, withNext } from './next-path';

describe('next path after signing in (open-redirect safe)', () => {
  it('keeps paths of this app with their query', () => {
    expect(safeNextPath('/invites?invitation=i1&token=a-b_c')).toBe(
      '/invites?invitation=i1&token=a-b_c',
    );
    expect(safeNextPath('/deliveries')).toBe('/deliveries');
  });

  it('refuses other sites, schemes, relative paths and control characters', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '///evil.example/x',
      '/\\evil.example/x',
      '/x\\y',
      'javascript:alert(1)',
      'invites',
      '/\tevil',
      '/a\nb',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeNextPath(value), String(value)).toBeNull();
    }
  });

  it('carries a safe next through a link and reads it back', () => {
    const next = '/invites?invitation=i1&token=t';
    const link = withNext('/register', next);
    expect(link).toBe(`/register?next=${encodeURIComponent(next)}`);
    expect(nextFromSearch(link.slice('/register'.length))).toBe(next);
    expect(withNext('/login', '//evil.example')).toBe('/login');
    expect(withNext('/register?email=a%40b.in', '/invites')).toBe(
      '/register?email=a%40b.in&next=%2Finvites',
    );
  });
});
