import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  financialYear,
  MATERIAL_REQUEST_STATUSES,
  materialRequestMay,
  numberInWordsIndian,
  orderedStatus,
  pendingQuantity,
  PURCHASE_ORDER_STATUSES,
  purchaseOrderMay,
  purchaseOrderNumber,
  receiptLimit,
  receivedStatus,
} from './purchasing.js';

describe('numberInWordsIndian', () => {
  it('reads small numbers', () => {
    expect(numberInWordsIndian(0)).toBe('Zero');
    expect(numberInWordsIndian(1)).toBe('One');
    expect(numberInWordsIndian(13)).toBe('Thirteen');
    expect(numberInWordsIndian(20)).toBe('Twenty');
    expect(numberInWordsIndian(21)).toBe('Twenty-One');
    expect(numberInWordsIndian(99)).toBe('Ninety-Nine');
    expect(numberInWordsIndian(100)).toBe('One Hundred');
    expect(numberInWordsIndian(101)).toBe('One Hundred One');
    expect(numberInWordsIndian(999)).toBe('Nine Hundred Ninety-Nine');
  });

  it('groups by thousand, lakh and crore, skipping empty groups', () => {
    expect(numberInWordsIndian(1000)).toBe('One Thousand');
    expect(numberInWordsIndian(1005)).toBe('One Thousand Five');
    expect(numberInWordsIndian(99_999)).toBe('Ninety-Nine Thousand Nine Hundred Ninety-Nine');
    expect(numberInWordsIndian(1_00_000)).toBe('One Lakh');
    expect(numberInWordsIndian(10_00_000)).toBe('Ten Lakh');
    expect(numberInWordsIndian(1_00_00_001)).toBe('One Crore One');
    expect(numberInWordsIndian(2_05_00_300)).toBe('Two Crore Five Lakh Three Hundred');
    expect(numberInWordsIndian(99_99_99_999)).toBe(
      'Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine',
    );
  });

  it('reads the crore count itself in Indian words from 100 crore', () => {
    expect(numberInWordsIndian(100_00_00_000)).toBe('One Hundred Crore');
    expect(numberInWordsIndian(1_00_000 * 1_00_00_000)).toBe('One Lakh Crore');
    expect(numberInWordsIndian(12_345 * 1_00_00_000 + 67_89_012)).toBe(
      'Twelve Thousand Three Hundred Forty-Five Crore Sixty-Seven Lakh Eighty-Nine Thousand Twelve',
    );
  });

  it('refuses what is not a count', () => {
    expect(() => numberInWordsIndian(-1)).toThrow(RangeError);
    expect(() => numberInWordsIndian(1.5)).toThrow(RangeError);
    expect(() => numberInWordsIndian(Number.NaN)).toThrow(RangeError);
    expect(() => numberInWordsIndian(2 ** 53)).toThrow(RangeError);
  });
});

describe('amountInWords (paise)', () => {
  it('reads rupees and paise the way an Indian document prints them', () => {
    expect(amountInWords(12_345_678)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(amountInWords(1_234_567_800)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    );
  });

  it('handles zero, whole rupees and paise alone', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(150)).toBe('Rupees One and Fifty Paise Only');
    expect(amountInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
  });

  it('reads amounts of 99 crore and more', () => {
    expect(amountInWords(99_99_99_999_99)).toBe(
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine' +
        ' and Ninety-Nine Paise Only',
    );
    expect(amountInWords(100_00_00_000_00)).toBe('Rupees One Hundred Crore Only');
    // The largest amount the API accepts (1e11 rupees).
    expect(amountInWords(1e13)).toBe('Rupees Ten Thousand Crore Only');
  });

  it('refuses negative and fractional paise', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
  });
});

describe('financialYear', () => {
  it('runs April to March', () => {
    expect(financialYear('2026-11-27')).toBe('2026-27');
    expect(financialYear('2027-01-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2027-04-01')).toBe('2027-28');
    expect(financialYear('2026-04-01')).toBe('2026-27');
  });

  it('wraps the century in the second half', () => {
    expect(financialYear('2099-12-01')).toBe('2099-00');
    expect(financialYear('2100-03-31')).toBe('2099-00');
    expect(financialYear('2009-05-10')).toBe('2009-10');
    expect(financialYear('2008-05-10')).toBe('2008-09');
  });
});

describe('purchaseOrderNumber', () => {
  it('pads the sequence to four digits', () => {
    expect(purchaseOrderNumber('2026-27', 1)).toBe('PO/2026-27/0001');
    expect(purchaseOrderNumber('2026-27', 42)).toBe('PO/2026-27/0042');
    expect(purchaseOrderNumber('2026-27', 9999)).toBe('PO/2026-27/9999');
    expect(purchaseOrderNumber('2026-27', 12345)).toBe('PO/2026-27/12345');
    expect(purchaseOrderNumber(financialYear('2027-04-01'), 7)).toBe('PO/2027-28/0007');
  });
});

describe('receiptLimit (milli-units, tolerance in hundredths of a percent)', () => {
  it('allows the ordered quantity plus the tolerance', () => {
    expect(receiptLimit(10_000, 0)).toBe(10_000);
    expect(receiptLimit(10_000, 500)).toBe(10_500);
    expect(receiptLimit(10_000, 10_000)).toBe(20_000);
    expect(receiptLimit(1_000, 250)).toBe(1_025);
  });

  it('rounds down so a tolerance never lets in more than it says', () => {
    // 333 × 1.05 = 349.65
    expect(receiptLimit(333, 500)).toBe(349);
    // 1 × 1.0001 = 1.0001
    expect(receiptLimit(1, 1)).toBe(1);
    expect(receiptLimit(0, 500)).toBe(0);
  });
});

describe('receivedStatus', () => {
  const line = (quantity: number, received_quantity: number) => ({ quantity, received_quantity });

  it('follows the received quantities of an open PO', () => {
    expect(receivedStatus('issued', [line(10, 0), line(5, 0)])).toBe('issued');
    expect(receivedStatus('issued', [line(10, 4), line(5, 0)])).toBe('partially_received');
    expect(receivedStatus('partially_received', [line(10, 10), line(5, 5)])).toBe('received');
    // Over-receipt within tolerance counts as received in full.
    expect(receivedStatus('issued', [line(10, 10.5), line(5, 5)])).toBe('received');
    expect(receivedStatus('partially_received', [line(10, 10), line(5, 4.999)])).toBe(
      'partially_received',
    );
  });

  it('goes back when a receipt is undone', () => {
    expect(receivedStatus('received', [line(10, 0), line(5, 0)])).toBe('issued');
    expect(receivedStatus('received', [line(10, 10), line(5, 2)])).toBe('partially_received');
  });

  it('leaves draft, closed and cancelled POs alone', () => {
    expect(receivedStatus('draft', [line(10, 10)])).toBe('draft');
    expect(receivedStatus('closed', [line(10, 0)])).toBe('closed');
    expect(receivedStatus('cancelled', [line(10, 10)])).toBe('cancelled');
  });
});

describe('pendingQuantity', () => {
  it('is what is still to come, never negative', () => {
    expect(pendingQuantity({ quantity: 10, received_quantity: 0 })).toBe(10);
    expect(pendingQuantity({ quantity: 10, received_quantity: 4 })).toBe(6);
    expect(pendingQuantity({ quantity: 10, received_quantity: 10 })).toBe(0);
    expect(pendingQuantity({ quantity: 10, received_quantity: 10.5 })).toBe(0);
  });

  it('keeps three decimals without float noise', () => {
    expect(pendingQuantity({ quantity: 1.1, received_quantity: 0.3 })).toBe(0.8);
    expect(pendingQuantity({ quantity: 0.3, received_quantity: 0.1 })).toBe(0.2);
    expect(pendingQuantity({ quantity: 12.345, received_quantity: 2.005 })).toBe(10.34);
  });
});

describe('orderedStatus', () => {
  const line = (quantity: number, ordered_quantity: number) => ({ quantity, ordered_quantity });

  it('moves approved ↔ ordered as every line is covered or not', () => {
    expect(orderedStatus('approved', [line(10, 10), line(5, 6)])).toBe('ordered');
    expect(orderedStatus('approved', [line(10, 10), line(5, 4)])).toBe('approved');
    expect(orderedStatus('ordered', [line(10, 0)])).toBe('approved');
    expect(orderedStatus('ordered', [line(10, 10)])).toBe('ordered');
  });

  it('never calls a request without lines ordered', () => {
    expect(orderedStatus('approved', [])).toBe('approved');
    expect(orderedStatus('ordered', [])).toBe('approved');
  });

  it('leaves the other statuses alone', () => {
    for (const status of ['draft', 'submitted', 'rejected', 'closed'] as const) {
      expect(orderedStatus(status, [line(1, 1)])).toBe(status);
    }
  });
});

describe('which action may leave which status', () => {
  it('material requests', () => {
    expect(materialRequestMay('submit', 'draft')).toBe(true);
    expect(materialRequestMay('submit', 'submitted')).toBe(false);
    expect(materialRequestMay('approve', 'submitted')).toBe(true);
    expect(materialRequestMay('approve', 'rejected')).toBe(true);
    expect(materialRequestMay('approve', 'draft')).toBe(false);
    expect(materialRequestMay('reject', 'submitted')).toBe(true);
    expect(materialRequestMay('reject', 'approved')).toBe(false);
    expect(materialRequestMay('close', 'approved')).toBe(true);
    expect(materialRequestMay('close', 'ordered')).toBe(true);
    expect(materialRequestMay('close', 'closed')).toBe(false);
    expect(materialRequestMay('edit', 'draft')).toBe(true);
    expect(materialRequestMay('edit', 'submitted')).toBe(true);
    expect(materialRequestMay('edit', 'rejected')).toBe(true);
    expect(materialRequestMay('submit', 'rejected')).toBe(true);
    expect(materialRequestMay('edit', 'approved')).toBe(false);
    expect(materialRequestMay('order', 'approved')).toBe(true);
    expect(materialRequestMay('order', 'ordered')).toBe(true);
    expect(materialRequestMay('order', 'submitted')).toBe(false);
    expect(materialRequestMay('submit', 'nonsense')).toBe(false);
  });

  it('purchase orders', () => {
    expect(purchaseOrderMay('issue', 'draft')).toBe(true);
    expect(purchaseOrderMay('issue', 'issued')).toBe(false);
    expect(purchaseOrderMay('cancel', 'draft')).toBe(true);
    expect(purchaseOrderMay('cancel', 'issued')).toBe(true);
    // Reaches the service, which refuses an order with receipts as such (close it instead).
    expect(purchaseOrderMay('cancel', 'partially_received')).toBe(true);
    expect(purchaseOrderMay('cancel', 'closed')).toBe(false);
    expect(purchaseOrderMay('cancel', 'cancelled')).toBe(false);
    expect(purchaseOrderMay('close', 'issued')).toBe(true);
    expect(purchaseOrderMay('close', 'received')).toBe(true);
    expect(purchaseOrderMay('close', 'draft')).toBe(false);
    expect(purchaseOrderMay('receive', 'issued')).toBe(true);
    expect(purchaseOrderMay('receive', 'draft')).toBe(false);
    expect(purchaseOrderMay('receive', 'cancelled')).toBe(false);
    expect(purchaseOrderMay('receive', 'closed')).toBe(false);
    expect(purchaseOrderMay('receive', 'nonsense')).toBe(false);
  });

  it('no action leaves a closed or cancelled PO, nor a closed request', () => {
    const poActions = ['issue', 'cancel', 'close', 'edit', 'edit_lines', 'receive'] as const;
    for (const action of poActions) {
      expect(purchaseOrderMay(action, 'closed')).toBe(false);
      expect(purchaseOrderMay(action, 'cancelled')).toBe(false);
    }
    const mrActions = ['submit', 'approve', 'reject', 'close', 'edit', 'order'] as const;
    for (const action of mrActions) expect(materialRequestMay(action, 'closed')).toBe(false);
  });

  it('every status listed in a rule is a real status', () => {
    for (const status of PURCHASE_ORDER_STATUSES) {
      expect(typeof purchaseOrderMay('edit', status)).toBe('boolean');
    }
    expect(MATERIAL_REQUEST_STATUSES).toContain('ordered');
  });
});
