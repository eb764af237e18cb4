/**
 * The Stock settings form (stock-card.tsx): what it shows for a site and what its PATCH sends.
 */
import type { Site } from '@siteledger/domain';
import { z } from 'zod';
import { moneySchema } from '../../components/ui/money-field';

export type StockPatch = Pick<Site, 'allow_negative_stock' | 'stock_count_threshold'>;

export const stockSettingsSchema = z.object({
  allow_negative_stock: z.boolean(),
  stock_count_threshold: moneySchema().optional(),
});

export interface StockInput {
  allow_negative_stock: boolean;
  stock_count_threshold?: number | undefined;
}
export type StockValues = z.output<typeof stockSettingsSchema>;

export const STOCK_FIELDS = ['allow_negative_stock', 'stock_count_threshold'] as const;

/**
 * The form's values for what the site has: no threshold is an empty field; a site read from a
 * server without the fields yet keeps stock at zero or above.
 */
export function stockFormValues(site: Partial<StockPatch>): StockInput {
  return {
    allow_negative_stock: site.allow_negative_stock === true,
    stock_count_threshold: site.stock_count_threshold ?? undefined,
  };
}

/** What the PATCH sends: an empty threshold is null (counts never wait for an owner). */
export function stockPatch(values: StockValues): StockPatch {
  return {
    allow_negative_stock: values.allow_negative_stock,
    stock_count_threshold: values.stock_count_threshold ?? null,
  };
}
