import type { VendorLedger as Ledger } from '@siteledger/domain';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { recordsPath, useSiteId } from '../../lib/site-records';

/** The API's largest page: "All rows" reads the ledger in pages of this size. */
const ALL_ROWS_PAGE = 500;

export interface LedgerRange {
  from: string;
  to: string;
}

export type LedgerSort = 'date' | '-date';

type LedgerQuery = LedgerRange & {
  sort: LedgerSort;
  page: number;
  perPage: number;
};

/**
 * GET …/vendors/{id}/ledger. Cached under the vendors collection, which every payment, delivery,
 * booking and return write refreshes. perPage 0 ("All rows") reads every page and joins them: a
 * five-year statement can be 10 000 rows, drawn virtualized by the table.
 */
export function useVendorLedger(vendorId: string, query: LedgerQuery) {
  const siteId = useSiteId();
  const params = {
    sort: query.sort,
    page: query.page,
    perPage: query.perPage,
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
  const path = recordsPath(siteId, 'vendors', vendorId, 'ledger');
  return useQuery({
    queryKey: [...queryKeys.records(siteId, 'vendors'), 'ledger', vendorId, params],
    queryFn: async ({ signal }) => {
      if (query.perPage > 0) return api.get<Ledger>(path, { query: params, signal });
      const pageOf = (page: number) =>
        api.get<Ledger>(path, { query: { ...params, page, perPage: ALL_ROWS_PAGE }, signal });
      const first = await pageOf(1);
      const entries = [...first.entries];
      for (let page = 2; page <= first.totalPages; page += 1) {
        entries.push(...(await pageOf(page)).entries);
      }
      return { ...first, entries, page: 1, perPage: 0, totalPages: 1 };
    },
    enabled: Boolean(siteId && vendorId),
    placeholderData: keepPreviousData,
  });
}
