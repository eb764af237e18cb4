/**
 * Businesses (issue 47): the owner's companies, each over its sites — read, edited and merged —
 * and the four "Across sites" reports over a business's active sites. None is a site's read, so
 * they live under their own key (`businesses`), refreshed by the writes here.
 */
import type {
  AccountDuplicates,
  AccountMergeResult,
  Business,
  BusinessList,
  BusinessMergeResult,
  BusinessOverview,
  BusinessPatch,
  CashPosition,
  CatalogDuplicates,
  CatalogKind,
  CatalogMergeResult,
  PayablesAgeing,
  Vendor,
  VendorDuplicates,
  VendorMergeResult,
  VendorStatement,
} from '@siteledger/domain';
import {
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, apiBlob, apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { recordsPath } from '../lib/site-records';
import { useSession } from '../lib/session';
import { refreshSiteCollections } from '../lib/write-effects';

const BUSINESSES = ['businesses'] as const;
const businessKey = (id: string) => [...BUSINESSES, id] as const;
const businessPath = (id: string, ...rest: string[]) =>
  ['/api/businesses', encodeURIComponent(id), ...rest].join('/');

/** GET /api/businesses: the businesses the caller owns, each with its sites. */
export function useBusinesses(enabled = true) {
  const { status } = useSession();
  return useQuery({
    queryKey: BUSINESSES,
    queryFn: async ({ signal }) =>
      (await api.get<BusinessList>('/api/businesses', { signal })).items,
    enabled: enabled && status === 'signed-in',
    staleTime: 30_000,
  });
}

/** GET /api/businesses/{id} (its owner; anyone else gets 404). */
export function useBusiness(id: string | null | undefined) {
  const { status } = useSession();
  return useQuery({
    queryKey: [...businessKey(id ?? ''), 'detail'],
    queryFn: ({ signal }) => api.get<Business>(businessPath(id ?? ''), { signal }),
    enabled: Boolean(id) && status === 'signed-in',
    staleTime: 30_000,
  });
}

/**
 * After a business changes: the businesses, the site list and the named sites' records (a site's
 * `tan` and `business` are its business's).
 */
function refreshAfter(queryClient: QueryClient, siteIds: readonly string[]) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: BUSINESSES }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true }),
    ...siteIds.map((site) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.site(site), exact: true }),
    ),
  ]);
}

/**
 * PATCH /api/businesses/{id}: its profile (a TAN becomes every one of its sites') or what each
 * role may do on its sites.
 */
export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: BusinessPatch }) =>
      api.patch<Business>(businessPath(id), data),
    onSuccess: (business) =>
      refreshAfter(
        queryClient,
        business.sites.map((site) => site.id),
      ),
  });
}

/**
 * GET /api/businesses/{id}/logo as a Blob (with the session: it is not public), keyed by the
 * logo's stored name, which changes with every upload — so a kept image is never stale.
 */
export function useBusinessLogo(business: Pick<Business, 'id' | 'logo'> | null | undefined) {
  const { status } = useSession();
  const id = business?.id ?? '';
  const logo = business?.logo ?? null;
  return useQuery({
    // Outside the businesses' key: a business write refreshes them, never a logo of this name.
    queryKey: ['business_logo', id, logo],
    queryFn: ({ signal }) => apiBlob(businessPath(id, 'logo'), { signal }),
    enabled: Boolean(id && logo) && status === 'signed-in',
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * PUT /api/businesses/{id}/logo (multipart, one PNG or JPEG `file`, at most
 * BUSINESS_LOGO_MAX_MB) → the business; its purchase and work orders print it from then on.
 */
export function useUploadBusinessLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest<Business>(businessPath(id, 'logo'), { method: 'PUT', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESSES }),
  });
}

/** DELETE /api/businesses/{id}/logo → the business, without a logo. */
export function useRemoveBusinessLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Business>(businessPath(id, 'logo')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESSES }),
  });
}

/**
 * The site collections whose records name a vendor (docs/API.md "Shared masters"): a vendor
 * merge points them all at the kept vendor, so each site refreshes these and its vendors.
 */
export const VENDOR_RECORDS = [
  'deliveries',
  'service_bookings',
  'payments',
  'quotations',
  'vendor_returns',
  'vendor_refunds',
  'vendor_credit_notes',
  'credit_note_usage',
  'account_transactions',
  'purchase_orders',
  'work_orders',
  'ra_bills',
  'wage_sheets',
  'workers',
] as const;
export type VendorRecordTable = (typeof VENDOR_RECORDS)[number];

/** After vendors merged: every site of the business lists other vendors and records name them. */
function refreshVendors(queryClient: QueryClient, siteIds: readonly string[]) {
  return Promise.all(
    siteIds.map((site) =>
      refreshSiteCollections(queryClient, site, ['vendors', 'tags', ...VENDOR_RECORDS]),
    ),
  );
}

/**
 * POST /api/businesses/{id}/merge: with `preview` what would happen (nothing changes); without,
 * the others' sites move into this business, and with `mergeVendors` each group of duplicate
 * vendors becomes its first vendor. Only a confirmed merge refreshes anything.
 */
export function useMergeBusinesses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      others,
      preview,
      mergeVendors = false,
    }: {
      id: string;
      others: string[];
      preview: boolean;
      mergeVendors?: boolean;
    }) =>
      api.post<BusinessMergeResult>(businessPath(id, 'merge'), {
        businesses: others,
        ...(preview ? { preview: true } : {}),
        ...(mergeVendors && !preview ? { merge_vendors: true } : {}),
      }),
    onSuccess: (result) => {
      if (result.preview) return undefined;
      const sites = result.business.sites.map((site) => site.id);
      return Promise.all([
        refreshAfter(queryClient, sites),
        result.vendors_merged > 0 ? refreshVendors(queryClient, sites) : undefined,
      ]);
    },
  });
}

/** GET …/vendor_duplicates: the business's vendors that look like one party (its owner only). */
export function useVendorDuplicates(id: string | null | undefined, enabled = true) {
  const { status } = useSession();
  return useQuery({
    queryKey: [...businessKey(id ?? ''), 'vendor_duplicates'],
    queryFn: ({ signal }) =>
      api.get<VendorDuplicates>(businessPath(id ?? '', 'vendor_duplicates'), { signal }),
    enabled: Boolean(id) && enabled && status === 'signed-in',
    staleTime: 30_000,
  });
}

/** The vendors of one merge: `vendors` become `keep` (POST …/vendor_merges). */
export interface VendorMergeChoice {
  business: string;
  keep: string;
  vendors: string[];
}

const vendorMergeBody = ({ keep, vendors }: VendorMergeChoice, preview: boolean) => ({
  keep,
  vendors,
  ...(preview ? { preview: true } : {}),
});

/**
 * POST …/vendor_merges with `preview`: what would merge and how many records would move. A read
 * (nothing changes), so a query, asked afresh each time the merge dialog opens.
 */
export function useVendorMergePreview(choice: VendorMergeChoice, enabled = true) {
  const { status } = useSession();
  return useQuery({
    // Outside the business's key: the merge's refresh must not ask for a preview of gone vendors.
    queryKey: ['vendor_merge_preview', choice.business, choice.keep, choice.vendors],
    queryFn: () =>
      api.post<VendorMergeResult>(
        businessPath(choice.business, 'vendor_merges'),
        vendorMergeBody(choice, true),
      ),
    enabled: enabled && status === 'signed-in',
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST …/vendor_merges: `vendors` become `keep` on every site of the business. `sites` are the
 * business's sites, whose vendors and records the merge refreshes (with the duplicates and the
 * reports).
 */
export function useMergeVendors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: VendorMergeChoice & { sites: readonly string[] }) =>
      api.post<VendorMergeResult>(
        businessPath(choice.business, 'vendor_merges'),
        vendorMergeBody(choice, false),
      ),
    onSuccess: (_result, { business, sites }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKey(business) }),
        refreshVendors(queryClient, sites),
      ]),
  });
}

/**
 * The site collections whose records name a money account (docs/API.md "Shared masters"): an
 * account merge points them all at the kept account, so each site refreshes these (and its
 * dashboard, whose cash figures are the accounts').
 */
export const ACCOUNT_RECORDS = [
  'account_transactions',
  'payments',
  'vendor_refunds',
  'imprests',
  'imprest_replenishments',
  'wage_sheets',
  'worker_advances',
  'tds_challans',
] as const;
export type AccountRecordTable = (typeof ACCOUNT_RECORDS)[number];

/** GET …/account_duplicates: the business's money accounts that look like one (owner only). */
export function useAccountDuplicates(id: string | null | undefined, enabled = true) {
  const { status } = useSession();
  return useQuery({
    queryKey: [...businessKey(id ?? ''), 'account_duplicates'],
    queryFn: ({ signal }) =>
      api.get<AccountDuplicates>(businessPath(id ?? '', 'account_duplicates'), { signal }),
    enabled: Boolean(id) && enabled && status === 'signed-in',
    staleTime: 30_000,
  });
}

/** The accounts of one merge: `accounts` become `keep` (POST …/account_merges). */
export interface AccountMergeChoice {
  business: string;
  keep: string;
  accounts: string[];
}

const accountMergeBody = ({ keep, accounts }: AccountMergeChoice, preview: boolean) => ({
  keep,
  accounts,
  ...(preview ? { preview: true } : {}),
});

/**
 * POST …/account_merges with `preview`: the balances after the merge and how many records would
 * move. A read (nothing changes), so a query, asked afresh each time the merge dialog opens.
 */
export function useAccountMergePreview(choice: AccountMergeChoice, enabled = true) {
  const { status } = useSession();
  return useQuery({
    // Outside the business's key: the merge's refresh must not ask for a preview of gone accounts.
    queryKey: ['account_merge_preview', choice.business, choice.keep, choice.accounts],
    queryFn: () =>
      api.post<AccountMergeResult>(
        businessPath(choice.business, 'account_merges'),
        accountMergeBody(choice, true),
      ),
    enabled: enabled && status === 'signed-in',
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST …/account_merges: `accounts` become `keep` for every site of the business. `sites` are the
 * business's sites, whose accounts, the records naming them and dashboards the merge refreshes
 * (with the business's duplicates and cash position).
 */
export function useMergeAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: AccountMergeChoice & { sites: readonly string[] }) =>
      api.post<AccountMergeResult>(
        businessPath(choice.business, 'account_merges'),
        accountMergeBody(choice, false),
      ),
    onSuccess: (_result, { business, sites }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKey(business) }),
        ...sites.map((site) =>
          refreshSiteCollections(queryClient, site, ['accounts', ...ACCOUNT_RECORDS]),
        ),
      ]),
  });
}

/**
 * The kinds of record a catalogue merge moves (the `moved` tables of POST …/catalog_merges), in
 * the order the preview names them.
 */
export const CATALOG_RECORDS = [
  'delivery_items',
  'stock_movements',
  'stock_consumptions',
  'stock_adjustments',
  'stock_transfer_lines',
  'budget_lines',
  'material_request_items',
  'purchase_order_lines',
  'quotations',
  'service_bookings',
] as const;
export type CatalogRecordTable = (typeof CATALOG_RECORDS)[number];

/**
 * The site collections an item or service merge touches: the lists themselves, the records naming
 * them (stock on hand and an item's movements live under the items' key) and the tags `keep`
 * takes over.
 */
const CATALOG_COLLECTIONS = [
  'items',
  'services',
  'deliveries',
  'stock_movements',
  'stock_consumptions',
  'stock_adjustments',
  'stock_transfers',
  'budget_lines',
  'quotations',
  'service_bookings',
  'material_requests',
  'purchase_orders',
  'tags',
] as const;

/** GET …/catalog_duplicates: the business's items and services that look like one (owner only). */
export function useCatalogDuplicates(id: string | null | undefined, enabled = true) {
  const { status } = useSession();
  return useQuery({
    queryKey: [...businessKey(id ?? ''), 'catalog_duplicates'],
    queryFn: ({ signal }) =>
      api.get<CatalogDuplicates>(businessPath(id ?? '', 'catalog_duplicates'), { signal }),
    enabled: Boolean(id) && enabled && status === 'signed-in',
    staleTime: 30_000,
  });
}

/** The items (or services) of one merge: `records` become `keep` (POST …/catalog_merges). */
export interface CatalogMergeChoice {
  business: string;
  kind: CatalogKind;
  keep: string;
  records: string[];
}

const catalogMergeBody = ({ kind, keep, records }: CatalogMergeChoice, preview: boolean) => ({
  kind,
  keep,
  records,
  ...(preview ? { preview: true } : {}),
});

/**
 * POST …/catalog_merges with `preview`: what would merge and how many records would move. A read
 * (nothing changes), so a query, asked afresh each time the merge dialog opens.
 */
export function useCatalogMergePreview(choice: CatalogMergeChoice, enabled = true) {
  const { status } = useSession();
  return useQuery({
    // Outside the business's key: the merge's refresh must not ask for a preview of gone records.
    queryKey: ['catalog_merge_preview', choice.business, choice.kind, choice.keep, choice.records],
    queryFn: () =>
      api.post<CatalogMergeResult>(
        businessPath(choice.business, 'catalog_merges'),
        catalogMergeBody(choice, true),
      ),
    enabled: enabled && status === 'signed-in',
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST …/catalog_merges: `records` become `keep` on every site of the business. `sites` are the
 * business's sites, whose items, services, stock and the records naming them (and dashboards) the
 * merge refreshes, with the business's duplicates and reports.
 */
export function useMergeCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: CatalogMergeChoice & { sites: readonly string[] }) =>
      api.post<CatalogMergeResult>(
        businessPath(choice.business, 'catalog_merges'),
        catalogMergeBody(choice, false),
      ),
    onSuccess: (_result, { business, sites }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKey(business) }),
        ...sites.map((site) => refreshSiteCollections(queryClient, site, CATALOG_COLLECTIONS)),
      ]),
  });
}

/** One of a business's reports, read afresh each time its page opens (no write names it). */
function useBusinessReport<T>(
  id: string | null | undefined,
  report: string,
  query: Record<string, string | undefined> = {},
  enabled = true,
) {
  const { status } = useSession();
  return useQuery({
    queryKey: [...businessKey(id ?? ''), report, query],
    queryFn: ({ signal }) => api.get<T>(businessPath(id ?? '', report), { signal, query }),
    enabled: Boolean(id) && enabled && status === 'signed-in',
    staleTime: 0,
  });
}

/** GET …/overview: each active site's spend, payables, budget, stock and pending approvals. */
export const useBusinessOverview = (id: string | null | undefined) =>
  useBusinessReport<BusinessOverview>(id, 'overview');

/** GET …/cash_position: the sites' accounts with their balances, by type and in all. */
export const useBusinessCashPosition = (id: string | null | undefined) =>
  useBusinessReport<CashPosition>(id, 'cash_position');

/** GET …/payables_ageing: what each party is still owed, by age, one row per party. */
export const useBusinessPayablesAgeing = (id: string | null | undefined, asOf?: string) =>
  useBusinessReport<PayablesAgeing>(id, 'payables_ageing', { as_of: asOf });

/** GET …/vendor_statement: one party across the business's sites (`vendor` any of its ids). */
export const useBusinessVendorStatement = (
  id: string | null | undefined,
  vendor: string | null,
  range: { from?: string; to?: string } = {},
) =>
  useBusinessReport<VendorStatement>(
    id,
    'vendor_statement',
    { vendor: vendor ?? undefined, from: range.from, to: range.to },
    Boolean(vendor),
  );

/** A vendor of one of the business's sites, as the statement's picker lists it. */
export type SiteVendor = Pick<Vendor, 'id' | 'site' | 'name' | 'gstin'> & { site_name: string };

/**
 * The vendors of the given sites (GET /api/sites/{site}/vendors, up to the API's 500 a page, by
 * name), under each site's vendors key so a vendor written on a site refreshes them.
 */
export function useSitesVendors(sites: readonly { id: string; name: string }[]) {
  return useQueries({
    queries: sites.map((site) => ({
      queryKey: queryKeys.recordList(site.id, 'vendors', { perPage: 500, sort: 'name', all: 1 }),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const page = await api.get<{ items: Vendor[] }>(recordsPath(site.id, 'vendors'), {
          signal,
          query: { perPage: 500, sort: 'name' },
        });
        return page.items.map((vendor): SiteVendor => ({
          id: vendor.id,
          site: site.id,
          name: vendor.name,
          gstin: vendor.gstin,
          site_name: site.name,
        }));
      },
      staleTime: 60_000,
    })),
    combine: (results) => ({
      vendors: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    }),
  });
}
