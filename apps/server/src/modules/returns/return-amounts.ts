import { lineTotalPaise, MAX_RUPEES, toPaise } from '@siteledger/domain';
import { AppError } from '../../platform/errors.js';

/** Largest return line or return total, in paise (API.md: amounts above 1e11 rupees are refused). */
const MAX_PAISE = toPaise(MAX_RUPEES);

function tooBig(field: string, what: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    [field]: { code: 'too_big', message: `${what} cannot be above 100000000000` },
  });
}

/**
 * quantity × return rate, rounded to the paisa once; 400 on `field` beyond the books' range (a
 * line of 1e6 units at ₹1e11 was once stored as ₹1e17, past PostgreSQL's bigint: issue 37).
 */
export function returnLineAmount(quantityMilli: number, ratePaise: number, field: string): number {
  const amount = lineTotalPaise(quantityMilli, ratePaise);
  if (amount > MAX_PAISE) throw tooBig(field, 'Return amount');
  return amount;
}

/** Σ of a return's line amounts, within the same limit (400 on `items`). */
export function returnTotal(amounts: readonly number[]): number {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (total > MAX_PAISE) throw tooBig('items', 'Total return amount');
  return total;
}
