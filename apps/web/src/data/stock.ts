/**
 * Site stock (API.md "Site stock"): the stock on hand, consumptions (queued offline), counts and
 * their adjustments, and transfers between the person's sites.
 */
import type {
  StockAdjustment,
  StockConsumption,
  StockConsumptionCreate,
  StockConsumptionUpdate,
  StockCountCreate,
  StockCountResult,
  StockReport,
  StockTransfer,
  StockTransferCreate,
  StockTransferReceive,
  StockTransferStatus,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { invalidateRecords, recordsPath, useSiteId } from '../lib/site-records';
import { writeMeta } from '../lib/write-effects';
import { defineCollection, queuedCreate } from './collection';
import { useSiteQuery } from './site-query';

export const STOCK_CONSUMPTIONS = 'stock_consumptions';
export const STOCK_ADJUSTMENTS = 'stock_adjustments';
export const STOCK_TRANSFERS = 'stock_transfers';
/** Every stock write moves on hand, which the items' figures and GET …/stock show. */

export interface StockQueryInput {
  date?: string;
  q?: string;
  low?: boolean;
}

/**
 * GET …/stock: on hand by item, low stock first. Kept under the items' key, so every write that
 * refreshes items (deliveries, returns, consumption…) refreshes it too.
 */
export function useStock(input: StockQueryInput, enabled = true) {
  const query = {
    ...(input.date ? { date: input.date } : {}),
    ...(input.q?.trim() ? { q: input.q.trim() } : {}),
    ...(input.low ? { low: '1' } : {}),
  };
  return useSiteQuery<StockReport>({
    key: ['items', 'stock', query],
    path: ['stock'],
    query,
    enabled,
    keepPrevious: true,
  });
}

// ── Consumption ────────────────────────────────────────────────────────────────────────────────

const consumptions = defineCollection<
  StockConsumption,
  StockConsumptionCreate,
  StockConsumptionUpdate
>(STOCK_CONSUMPTIONS);

export const useStockConsumptions = consumptions.useList;
export const useStockConsumption = consumptions.useOne;
export const useCreateStockConsumption = queuedCreate<StockConsumption, StockConsumptionCreate>(
  STOCK_CONSUMPTIONS,
);
export const useUpdateStockConsumption = consumptions.useUpdate;
export const useDeleteStockConsumption = consumptions.useDelete;

// ── Counts and adjustments ─────────────────────────────────────────────────────────────────────

const adjustments = defineCollection<StockAdjustment>(STOCK_ADJUSTMENTS);
export const useStockAdjustments = adjustments.useList;

/** POST …/stock_counts: one adjustment per counted item. */
export const useCreateStockCount = defineCollection<StockCountResult, StockCountCreate>(
  'stock_counts',
  { alsoInvalidate: [STOCK_ADJUSTMENTS] },
).useCreate;

/** POST …/stock_adjustments/{id}/approve|reject (owners, while pending). */
export function useAdjustmentDecision(action: 'approve' | 'reject') {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    meta: writeMeta(STOCK_ADJUSTMENTS, 'update'),
    mutationFn: ({ id, notes }: { id: string; notes?: string | null }, write) =>
      api.post<StockAdjustment>(
        recordsPath(siteId, STOCK_ADJUSTMENTS, id, action),
        { notes: notes ?? null },
        { write },
      ),
    onSuccess: (_saved, _vars, _context, write) =>
      invalidateRecords(queryClient, siteId, [STOCK_ADJUSTMENTS], write),
  });
}

// ── Transfers ──────────────────────────────────────────────────────────────────────────────────

const transfers = defineCollection<StockTransfer, StockTransferCreate>(STOCK_TRANSFERS);

export const useStockTransfers = transfers.useList;
export const useStockTransfer = transfers.useOne;
export const useCreateStockTransfer = transfers.useCreate;
export const useDeleteStockTransfer = transfers.useDelete;

/** Sent from another site and not received yet: on its way (issue 38). */
const IN_TRANSIT: StockTransferStatus = 'sent';

/** Stock another site sent here that is still on its way (up to 5, with the count). */
export const useIncomingTransfers = () =>
  transfers.useList({ direction: 'in', status: IN_TRANSIT, perPage: 5 });

/** POST /api/sites/{toSiteId}/stock_transfers/{id}/receive, from the receiving site. */
export function useReceiveStockTransfer() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    meta: writeMeta(STOCK_TRANSFERS, 'update'),
    mutationFn: ({ id, body }: { id: string; body: StockTransferReceive }, write) =>
      api.post<StockTransfer>(recordsPath(siteId, STOCK_TRANSFERS, id, 'receive'), body, {
        write,
      }),
    onSuccess: (_saved, _vars, _context, write) =>
      invalidateRecords(queryClient, siteId, [STOCK_TRANSFERS], write),
  });
}
