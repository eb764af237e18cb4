import { describe, expect, it } from 'vitest';
import { writableImprests } from './petty-expense-rights';

const imprests = [
  { id: 'imp1', holder: 'ramesh' },
  { id: 'imp2', holder: 'suresh' },
];

describe('petty cash: who writes an expense', () => {
  it('offers the Spent form an owner every imprest, anyone else only his own', () => {
    expect(writableImprests(imprests, 'kavita', 'owner').map((one) => one.id)).toEqual([
      'imp1',
      'imp2',
    ]);
    expect(writableImprests(imprests, 'anil', 'accountant')).toEqual([]);
    expect(writableImprests(imprests, 'suresh', 'accountant').map((one) => one.id)).toEqual([
      'imp2',
    ]);
    expect(writableImprests(imprests, '', 'supervisor')).toEqual([]);
  });
});
