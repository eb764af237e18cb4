/**
 * The transfer form's values, schema (the domain's `zStockTransferCreate` as a form holds it),
 * its body and the value preview: each line's quantity at the sending site's average cost, as the
 * server will value it (API.md "Site stock").
 */
import {
  lineTotalPaise,
  MAX_STOCK_LINES,
  toMilli,
  toPaise,
  toRupees,
  zQuantity,
  zStockTransferCreate,
  type StockTransferCreate,
} from '@siteledger/domain';
import { z } from 'zod';
import { todayIso } from '../../components/ui/date-field';
import { formSchema } from '../../lib/form-schema';

export interface TransferLineInput {
  item: string;
  quantity?: number | undefined;
}

export interface TransferFormInput {
  to_site: string;
  transfer_date: string;
  notes: string;
  lines: TransferLineInput[];
}

export const emptyTransferLine = (): TransferLineInput => ({ item: '', quantity: undefined });

export const transferFormSchema = formSchema(
  zStockTransferCreate.extend({
    notes: z.string().pipe(zStockTransferCreate.shape.notes.unwrap().unwrap()),
    lines: z
      .array(z.object({ item: z.string().min(1), quantity: z.number().optional().pipe(zQuantity) }))
      .min(1)
      .max(MAX_STOCK_LINES)
      .refine(
        (lines) => new Set(lines.map((line) => line.item)).size === lines.length,
        'stock.validation.itemOnce',
      ),
  }),
  {
    to_site: 'stock.validation.siteRequired',
    item: 'stock.validation.itemRequired',
    lines: 'stock.validation.atLeastOneLine',
    transfer_date: 'kit.validation.date',
  },
);
export type TransferFormValues = z.output<typeof transferFormSchema>;

export const TRANSFER_FIELDS = ['to_site', 'transfer_date', 'notes', 'lines'] as const;

export function transferFormDefaults(today = todayIso()): TransferFormInput {
  return { to_site: '', transfer_date: today, notes: '', lines: [emptyTransferLine()] };
}

export function transferBody(values: TransferFormValues): StockTransferCreate {
  return {
    to_site: values.to_site,
    transfer_date: values.transfer_date,
    notes: values.notes.trim() || null,
    lines: values.lines.map((line) => ({ item: line.item, quantity: line.quantity })),
  };
}

/** Rupees per unit by item (GET …/stock's average_cost). */
export type AverageCosts = ReadonlyMap<string, number>;

/**
 * Each line's value in rupees (quantity × the average, rounded to the paisa once, as the server
 * does; null while the line is incomplete or its item has no average yet) and their total, summed
 * in paise.
 */
export function transferValuePreview(
  lines: readonly TransferLineInput[],
  averages: AverageCosts,
): { lines: (number | null)[]; total: number } {
  const paise = lines.map((line) => {
    const average = averages.get(line.item);
    if (!line.item || average === undefined) return null;
    if (line.quantity === undefined || !Number.isFinite(line.quantity)) return null;
    return lineTotalPaise(toMilli(line.quantity), toPaise(average));
  });
  const total = paise.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return {
    lines: paise.map((value) => (value === null ? null : toRupees(value))),
    total: toRupees(total),
  };
}
