import { describe, expect, it } from 'vitest';
import { amountInWordsHindi, numberInWordsHindi } from './amount-words-hindi.js';

describe('amounts in Hindi words (issue 38)', () => {
  it('reads numbers with Indian grouping', () => {
    expect(numberInWordsHindi(0)).toBe('शून्य');
    expect(numberInWordsHindi(45)).toBe('पैंतालीस');
    expect(numberInWordsHindi(99)).toBe('निन्यानवे');
    expect(numberInWordsHindi(40000)).toBe('चालीस हज़ार');
    expect(numberInWordsHindi(123456)).toBe('एक लाख तेईस हज़ार चार सौ छप्पन');
    expect(numberInWordsHindi(101312000)).toBe('दस करोड़ तेरह लाख बारह हज़ार');
  });

  it('writes an amount as a document does', () => {
    expect(amountInWordsHindi(4000000)).toBe('चालीस हज़ार रुपये मात्र');
    expect(amountInWordsHindi(12345678)).toBe('एक लाख तेईस हज़ार चार सौ छप्पन रुपये और अठहत्तर पैसे मात्र');
  });
});
