/**
 * Pure helpers of the delivery lines editor: turning the edited lines into one batch of requests,
 * and reading a failed batch back to the line (or removed line) it belongs to.
 */
import { toMilli, toPaise, type BatchRequestEntry, type Delivery } from '@siteledger/domain';
import { isApiError } from '../../lib/api-client';
import { lineUrl } from './api';
import { blankToNull, type LinesFormValues } from './delivery-form';

/** What each batch request stands for, to report a failure at the right place. */
export type Target = { line: number } | { removed: string };

/** Whole-delivery rules: no single line is at fault. */
export const DELIVERY_RULES = new Set(['TOTAL_BELOW_PAID', 'DELIVERY_NEEDS_ITEM']);

export interface FailedStep {
  index: number;
  error: { code: string; message: string; data: Record<string, unknown> };
}

export function failedStep(error: unknown): FailedStep | null {
  if (!isApiError(error) || error.code !== 'BATCH_FAILED') return null;
  const { index, error: inner } = error.data as { index?: unknown; error?: unknown };
  if (typeof index !== 'number' || typeof inner !== 'object' || inner === null) return null;
  const body = inner as { code?: unknown; message?: unknown; data?: unknown };
  return {
    index,
    error: {
      code: typeof body.code === 'string' ? body.code : '',
      message: typeof body.message === 'string' ? body.message : error.message,
      data:
        typeof body.data === 'object' && body.data !== null
          ? (body.data as Record<string, unknown>)
          : {},
    },
  };
}

/**
 * The same batch asking to release an overpayment: the flag rides on every line PATCH, and on
 * an empty PATCH of a kept line when the batch only removed lines.
 */
export function withRelease(
  requests: BatchRequestEntry[],
  saved: readonly { id: string }[],
): BatchRequestEntry[] {
  const flagged = requests.map((r) =>
    r.method === 'PATCH' ? { ...r, body: { ...r.body, release_overpayment: true } } : r,
  );
  if (flagged.some((r) => r.method === 'PATCH')) return flagged;
  const removed = new Set(requests.filter((r) => r.method === 'DELETE').map((r) => r.url));
  const kept = saved.find((line) => ![...removed].some((url) => url.endsWith(`/${line.id}`)));
  const base = requests[0]?.url.replace(/\/delivery_items.*$/, '/delivery_items') ?? '';
  return kept
    ? [
        ...flagged,
        { method: 'PATCH', url: `${base}/${kept.id}`, body: { release_overpayment: true } },
      ]
    : flagged;
}

type SavedLine = NonNullable<Delivery['delivery_items']>[number];

/**
 * The batch for the edited lines: a POST per new line, a PATCH (changed fields only) per changed
 * line, a DELETE per removed line, with what each request stands for.
 */
export function linesBatch(
  lines: LinesFormValues['lines'],
  saved: readonly SavedLine[],
  deliveryId: string,
  siteId: string,
): { requests: BatchRequestEntry[]; targets: Target[] } {
  const byId = new Map(saved.map((line) => [line.id, line]));
  const requests: BatchRequestEntry[] = [];
  const targets: Target[] = [];
  const kept = new Set<string>();
  lines.forEach((line, index) => {
    const notes = blankToNull(line.notes);
    const before = line.lineId ? byId.get(line.lineId) : undefined;
    if (!before) {
      requests.push({
        method: 'POST',
        url: lineUrl(siteId),
        body: {
          delivery: deliveryId,
          item: line.item,
          quantity: line.quantity,
          unit_price: line.unit_price,
          gst_rate: line.gst_rate ?? null,
          notes,
        },
      });
      targets.push({ line: index });
      return;
    }
    kept.add(before.id);
    const body: Record<string, unknown> = {};
    if (line.item !== before.item) body.item = line.item;
    if (toMilli(line.quantity) !== toMilli(before.quantity)) body.quantity = line.quantity;
    if (toPaise(line.unit_price) !== toPaise(before.unit_price)) body.unit_price = line.unit_price;
    if ((line.gst_rate ?? null) !== before.gst_rate) body.gst_rate = line.gst_rate ?? null;
    if (notes !== (before.notes ?? null)) body.notes = notes;
    if (Object.keys(body).length > 0) {
      requests.push({ method: 'PATCH', url: lineUrl(siteId, before.id), body });
      targets.push({ line: index });
    }
  });
  for (const line of saved) {
    if (kept.has(line.id)) continue;
    requests.push({ method: 'DELETE', url: lineUrl(siteId, line.id) });
    targets.push({ removed: line.expand?.item?.name ?? '—' });
  }
  return { requests, targets };
}
