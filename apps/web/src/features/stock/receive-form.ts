/**
 * Receiving a transfer on the receiving site: each line's received quantity (the sent quantity
 * unless lowered; never above it), optionally the item of this site it enters as, and the body of
 * POST …/stock_transfers/{id}/receive. What did not arrive is the line's shortfall.
 */
import {
  fromMilli,
  toMilli,
  zCountedQuantity,
  zBusinessDate,
  type StockTransfer,
  type StockTransferReceive,
} from '@siteledger/domain';
import { z } from 'zod';
import { todayIso } from '../../components/ui/date-field';
import { formSchema } from '../../lib/form-schema';

export interface ReceiveLineInput {
  id: string;
  /** Sent quantity: the most that can arrive. */
  sent: number;
  received_quantity?: number | undefined;
  /** This site's item it enters as; '' for the default (same name and unit). */
  item: string;
}

export interface ReceiveFormInput {
  received_date: string;
  lines: ReceiveLineInput[];
}

export const receiveFormSchema = formSchema(
  z.object({
    received_date: zBusinessDate,
    lines: z.array(
      z
        .object({
          id: z.string(),
          sent: z.number(),
          received_quantity: z.number().optional().pipe(zCountedQuantity),
          item: z.string(),
        })
        .refine((line) => line.received_quantity <= line.sent, {
          message: 'stock.validation.moreThanSent',
          path: ['received_quantity'],
        }),
    ),
  }),
  { received_date: 'kit.validation.date' },
);
export type ReceiveFormValues = z.output<typeof receiveFormSchema>;

export function receiveFormDefaults(transfer: StockTransfer, today = todayIso()): ReceiveFormInput {
  return {
    received_date: today,
    lines: transfer.lines.map((line) => ({
      id: line.id,
      sent: line.quantity,
      received_quantity: line.quantity,
      item: '',
    })),
  };
}

/** Every line said explicitly (received quantity, and the item when one was chosen). */
export function receiveBody(values: ReceiveFormValues): StockTransferReceive {
  return {
    received_date: values.received_date,
    lines: values.lines.map((line) => ({
      id: line.id,
      received_quantity: line.received_quantity,
      ...(line.item ? { item: line.item } : {}),
    })),
  };
}

/** Sent − received, to the thousandth; 0 when nothing is missing or the entry is not a number. */
export function shortfall(sent: number, received: number | undefined): number {
  if (received === undefined || !Number.isFinite(received)) return 0;
  return Math.max(0, fromMilli(toMilli(sent) - toMilli(received)));
}
