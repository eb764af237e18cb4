/**
 * Site stock hooks (API.md "Site stock"): the stock on hand, consumptions (queued offline),
 * counts and their adjustments, and transfers between the person's sites.
 */
import type {
  Role,
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
} from '@siteledger/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useQueuedCreate, type QueuedCreateOptions } from '../../lib/offline-queue-hooks';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import {
  invalidateRecords,
  recordsPath,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';
import { writeMeta } from '../../lib/write-effects';

export const STOCK_CONSUMPTIONS = 'stock_consumptions';
export const STOCK_ADJUSTMENTS = 'stock_adjustments';
export const STOCK_TRANSFERS = 'stock_transfers';
/** Every stock write moves on hand, which the items' figures and GET …/stock show. */
const STOCK_FIGURES = ['items', 'stock_movements'] as const;

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
  const siteId = useSiteId();
  const query = {
    ...(input.date ? { date: input.date } : {}),
    ...(input.q?.trim() ? { q: input.q.trim() } : {}),
    ...(input.low ? { low: '1' } : {}),
  };
  return useQuery({
    queryKey: [...queryKeys.records(siteId, 'items'), 'stock', query],
    queryFn: ({ signal }) => api.get<StockReport>(recordsPath(siteId, 'stock'), { query, signal }),
    enabled: Boolean(siteId) && enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

// ── Consumption ────────────────────────────────────────────────────────────────────────────────

export const useStockConsumptions = (query: ListQuery) =>
  useRecordList<StockConsumption>(STOCK_CONSUMPTIONS, query);
export const useStockConsumption = (id: string | undefined) =>
  useRecord<StockConsumption>(STOCK_CONSUMPTIONS, id);

/** Kept in the offline queue when there is no connection (lib/offline-queue-hooks.ts). */
export const useCreateStockConsumption = (
  options: QueuedCreateOptions<StockConsumptionCreate> = {},
) => useQueuedCreate<StockConsumptionCreate, StockConsumption>(STOCK_CONSUMPTIONS, options);
export const useUpdateStockConsumption = () =>
  useUpdateRecord<StockConsumptionUpdate, StockConsumption>(STOCK_CONSUMPTIONS);
export const useDeleteStockConsumption = () => useDeleteRecord(STOCK_CONSUMPTIONS);

// ── Counts and adjustments ─────────────────────────────────────────────────────────────────────

export const useStockAdjustments = (query: ListQuery) =>
  useRecordList<StockAdjustment>(STOCK_ADJUSTMENTS, query);

/** POST …/stock_counts: one adjustment per counted item. */
export const useCreateStockCount = () =>
  useCreateRecord<StockCountCreate, StockCountResult>('stock_counts', {
    alsoInvalidate: [STOCK_ADJUSTMENTS, ...STOCK_FIGURES],
  });

/** POST …/stock_adjustments/{id}/approve|reject (owners, while pending). */
export function useAdjustmentDecision(action: 'approve' | 'reject') {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    meta: writeMeta(STOCK_ADJUSTMENTS, 'update'),
    mutationFn: ({ id, notes }: { id: string; notes?: string | null }) =>
      api.post<StockAdjustment>(recordsPath(siteId, STOCK_ADJUSTMENTS, id, action), {
        notes: notes ?? null,
      }),
    onSuccess: () => invalidateRecords(queryClient, siteId, [STOCK_ADJUSTMENTS, ...STOCK_FIGURES]),
  });
}

// ── Transfers ──────────────────────────────────────────────────────────────────────────────────

export const useStockTransfers = (query: ListQuery) =>
  useRecordList<StockTransfer>(STOCK_TRANSFERS, query);
export const useStockTransfer = (id: string | undefined) =>
  useRecord<StockTransfer>(STOCK_TRANSFERS, id);
export const useCreateStockTransfer = () =>
  useCreateRecord<StockTransferCreate, StockTransfer>(STOCK_TRANSFERS, {
    alsoInvalidate: STOCK_FIGURES,
  });
export const useDeleteStockTransfer = () =>
  useDeleteRecord(STOCK_TRANSFERS, { alsoInvalidate: STOCK_FIGURES });

/** POST /api/sites/{toSiteId}/stock_transfers/{id}/receive, from the receiving site. */
export function useReceiveStockTransfer() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    meta: writeMeta(STOCK_TRANSFERS, 'update'),
    mutationFn: ({ id, body }: { id: string; body: StockTransferReceive }) =>
      api.post<StockTransfer>(recordsPath(siteId, STOCK_TRANSFERS, id, 'receive'), body),
    onSuccess: () => invalidateRecords(queryClient, siteId, [STOCK_TRANSFERS, ...STOCK_FIGURES]),
  });
}

/** One entry of GET /api/sites as this feature reads it (the cache is shared with the shell). */
interface SiteChoice {
  id: string;
  name: string;
  is_active: boolean;
  role: Role | null;
}

/**
 * The person's other sites a transfer may go to: those where they are owner or supervisor (the
 * server also refuses the rest with 403). Same query as the site selector's.
 */
export function useTransferSites() {
  const { status, siteId } = useSession();
  const sites = useQuery({
    queryKey: queryKeys.sites,
    queryFn: async ({ signal }) =>
      (await api.get<{ items: SiteChoice[] }>('/api/sites', { signal })).items,
    enabled: status === 'signed-in',
    staleTime: 60_000,
  });
  const options = (sites.data ?? [])
    .filter((site) => site.id !== siteId && (site.role === 'owner' || site.role === 'supervisor'))
    .map((site) => ({ value: site.id, label: site.name }));
  return { options, isPending: sites.isPending };
}
