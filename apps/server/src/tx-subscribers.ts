import { installTxSubscribers } from './platform/tx-events.js';
import { paymentSubscribers } from './modules/payments/delivery-events.js';
import { receiptSubscribers } from './modules/purchasing/receipt-events.js';
import { returnSubscribers } from './modules/returns/delivery-events.js';
import { stockSubscribers } from './modules/stock/record-events.js';
import { tdsSubscribers } from './modules/tds/tds-events.js';
import { budgetSubscribers } from './modules/budgets/budget-events.js';

/**
 * Every subscriber to what writes set off (platform/tx-events.ts), in one list: the bus runs them
 * by lock rank, not in this order.
 */
export function installSubscribers(): void {
  installTxSubscribers([
    ...tdsSubscribers,
    ...receiptSubscribers,
    ...paymentSubscribers,
    ...stockSubscribers,
    ...returnSubscribers,
    ...budgetSubscribers,
  ]);
}
