import { describe, expect, it } from 'vitest';
import { findTextIssue, findUnsafeText, zLine, zMultiline } from './text.js';

describe('text rules (issue 17)', () => {
  it('refuses NUL and other C0 controls, keeps tab and line breaks only where multi-line', () => {
    expect(findTextIssue('a\u0000b')).toBe('control_character');
    expect(findTextIssue('\u001f')).toBe('control_character');
    expect(findTextIssue('a\tb\r\nc')).toBeNull();
    expect(findTextIssue('a\tb', false)).toBe('line_break');
    expect(findTextIssue('\u007f \u0085 \u202e')).toBeNull();
  });

  it('refuses lone surrogates and keeps pairs', () => {
    expect(findTextIssue('\ud83d\ude00 👷🏽‍♀️')).toBeNull();
    expect(findTextIssue('\ud83d')).toBe('invalid_unicode');
    expect(findTextIssue('x\ude00y')).toBe('invalid_unicode');
    expect(findTextIssue('\ud83d\ud83d\ude00')).toBe('invalid_unicode');
  });

  it('finds the first unsafe string with its path, in keys as well as values', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      path: ['a', 1, 'c'],
      issue: 'control_character',
    });
    expect(findUnsafeText({ 'k\u0001': 1 })).toEqual({
      path: ['k\u0001'],
      issue: 'control_character',
    });
    expect(findUnsafeText({ n: 1, t: true, z: null, s: 'सीमेंट' })).toBeNull();
    expect(findUnsafeText(new Uint8Array([0, 1, 2]))).toBeNull();
  });

  it('gives one-line and multi-line zod fields their rule after trimming', () => {
    expect(zLine(20).parse('  Shree Traders \n')).toBe('Shree Traders');
    expect(zLine(20).safeParse('Shree\nTraders').success).toBe(false);
    expect(zMultiline(20).parse('Plot 4\nPune')).toBe('Plot 4\nPune');
    const issue = zMultiline(20).safeParse('a\u0000').error?.issues[0];
    expect(issue).toMatchObject({ code: 'custom', params: { text_issue: 'control_character' } });
  });
});
