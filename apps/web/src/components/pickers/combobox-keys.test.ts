import { describe, expect, it } from 'vitest';
import { enterAction, moveActive } from './combobox-keys';

describe('the picker keyboard', () => {
  it('moves with ↑ ↓ and wraps at the ends', () => {
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(0);
  });

  it('Enter chooses the highlighted option, or the first when the list got shorter', () => {
    expect(enterAction(['a', 'b'], 1, false)).toEqual({ choose: 'b' });
    expect(enterAction(['a'], 4, true)).toEqual({ choose: 'a' });
  });

  it('Enter before the server answered what was typed waits for the answer', () => {
    expect(enterAction([], 0, true)).toBe('wait');
    expect(enterAction([], 0, false)).toBe('none');
  });
});
