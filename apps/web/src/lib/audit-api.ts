import type { AuditEntity, AuditEntry } from '@siteledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { recordsPath, useSiteId, type ListQuery, type ListResult } from './site-records';
import { recordType } from './record-types';

/**
 * The audit trail (API: GET …/audit and …/audit/{entity}/{id}). A record's history is cached under
 * its collection, so it refreshes with every write to that collection.
 */
export function useRecordHistory(entity: AuditEntity, recordId: string, enabled: boolean) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.records(siteId, entity), 'history', recordId],
    queryFn: ({ signal }) =>
      api.get<ListResult<AuditEntry>>(recordsPath(siteId, 'audit', entity, recordId), {
        query: { perPage: 100 },
        signal,
      }),
    enabled: enabled && Boolean(siteId && recordId),
  });
}

export function useActivityLog(query: ListQuery) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.records(siteId, 'audit'), query],
    queryFn: ({ signal }) =>
      api.get<ListResult<AuditEntry>>(recordsPath(siteId, 'audit'), { query, signal }),
    enabled: Boolean(siteId),
    placeholderData: keepPreviousData,
  });
}

// Field values as the API sends them: amounts in rupees, quantities in units, dates as text.
const MONEY = /(amount|balance|price|_rate|items_total|round_off)$/;

/** How a changed value reads: ₹ for amounts, "—" for nothing, lists by their size. */
export function formatAuditValue(
  field: string,
  value: unknown,
  money: (rupees: number) => string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return MONEY.test(field) ? money(value) : String(value);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((v) => typeof v === 'string')) return value.join(', ');
    return value
      .map((entry) =>
        typeof entry === 'object' && entry !== null
          ? Object.entries(entry as Record<string, unknown>)
              .filter(([, v]) => v !== null)
              .map(([k, v]) => `${humanizeField(k)}: ${formatAuditValue(k, v, money)}`)
              .join(', ')
          : String(entry),
      )
      .join(' · ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `delivery_reference` → "Delivery reference" (a field without a label of its own). */
export function humanizeField(field: string): string {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where a record of the trail can be opened, when it has a page of its own. */
export function recordHref(entity: AuditEntity, id: string): string | null {
  // The trail names records by their collection (lib/record-types.ts).
  const type = recordType(entity);
  return type?.detailPage ? `${type.path}/${id}` : null;
}
