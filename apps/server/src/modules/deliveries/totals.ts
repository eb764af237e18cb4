import {
  deliveryPaymentStatus,
  lineTotalPaise,
  MAX_RUPEES,
  toMilli,
  toPaise,
  type DeliveryPaymentStatus,
} from '@siteledger/domain';
import { AppError } from '../../platform/errors.js';

/** Largest line or delivery total, in paise (API.md: amounts above 1e11 rupees are refused). */
const MAX_PAISE = toPaise(MAX_RUPEES);

export interface LineAmounts {
  quantity: number;
  unit_price: number;
  total_amount: number;
}

/**
 * A line's stored figures from rupees and a quantity: thousandths, paise, and the total rounded
 * to the paisa once, here. `field` names the line in a validation error.
 */
export function lineAmounts(quantity: number, unitPrice: number, field: string): LineAmounts {
  const milli = toMilli(quantity);
  const price = toPaise(unitPrice);
  const total = lineTotalPaise(milli, price);
  if (total <= 0 || total > MAX_PAISE) {
    throw new AppError('VALIDATION_FAILED', {
      [field]: {
        code: total <= 0 ? 'too_small' : 'too_big',
        message:
          total <= 0
            ? 'Line total must be greater than 0'
            : 'Line total cannot be above 100000000000',
      },
    });
  }
  return { quantity: milli, unit_price: price, total_amount: total };
}

export interface DeliveryTotals {
  items_total: number;
  tax_amount: number;
  round_off: number;
  total_amount: number;
  payment_status: DeliveryPaymentStatus;
}

/**
 * total = items_total + tax + round_off (all paise). The total must stay above 0 and within the
 * amount limit; the payment status follows paid_amount. A total below what was paid is the
 * caller's to settle first (payments/overpayment.ts: refused, or the excess released).
 */
export function deliveryTotals(
  itemsTotal: number,
  taxAmount: number,
  roundOff: number,
  paidAmount: number,
  /** Under reverse charge the site pays the tax: what the vendor is owed leaves it out. */
  reverseCharge = false,
): DeliveryTotals {
  const total = itemsTotal + (reverseCharge ? 0 : taxAmount) + roundOff;
  if (total <= 0 || total > MAX_PAISE) {
    throw new AppError('VALIDATION_FAILED', {
      total_amount: {
        code: total <= 0 ? 'too_small' : 'too_big',
        message:
          total <= 0
            ? 'Total amount must be greater than 0'
            : 'Total amount cannot be above 100000000000',
      },
    });
  }
  return {
    items_total: itemsTotal,
    tax_amount: taxAmount,
    round_off: roundOff,
    total_amount: total,
    payment_status: deliveryPaymentStatus(total, paidAmount),
  };
}
