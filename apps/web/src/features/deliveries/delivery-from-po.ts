/**
 * Receiving against a purchase order (API.md "Material requests and purchase orders"): the form
 * lines a PO gives (one per line still pending, at the PO's rate and GST rate, each naming its PO
 * line), the rate check shown under a line, and where the server's PO refusals belong.
 */
import { toPaise, type PurchaseOrderLine } from '@siteledger/domain';
import { isApiError } from '../../lib/api-client';
import type { LineInput, PoLineRef } from './delivery-form';

/** The errors the server answers for a line received against a PO. */
export const PO_ERROR_CODES: readonly string[] = ['PO_QUANTITY_EXCEEDED', 'PO_NOT_ISSUED'];

/** The server refused a line received against a PO (shown under that line). */
export const isPoRefusal = (error: unknown): boolean =>
  isApiError(error) && PO_ERROR_CODES.includes(error.code);

/** A queued delivery's line names only its PO line: keep the link, without the PO's figures. */
export function poRefOfId(item: string, poLine: string): PoLineRef | undefined {
  if (!poLine) return undefined;
  return { line: poLine, item, number: null, ordered: null, pending: null, unit_price: null };
}

type PoLineFigures = Pick<
  PurchaseOrderLine,
  'id' | 'item' | 'quantity' | 'unit_price' | 'gst_rate' | 'pending_quantity'
>;

interface PoFigures {
  number: string | null;
  lines: readonly PoLineFigures[];
}

/** What a form line keeps of the PO line it is received against. */
export const poRefOf = (po: PoFigures, line: PoLineFigures): PoLineRef => ({
  line: line.id,
  item: line.item,
  number: po.number,
  ordered: line.quantity,
  pending: line.pending_quantity,
  unit_price: line.unit_price,
});

/** One form line per PO line with something still pending: pending quantity at the PO's rate. */
export function linesFromPo(po: PoFigures): LineInput[] {
  return po.lines
    .filter((line) => line.pending_quantity > 0)
    .map((line) => ({
      item: line.item,
      quantity: line.pending_quantity,
      unit_price: line.unit_price,
      gst_rate: line.gst_rate,
      notes: '',
      po: poRefOf(po, line),
    }));
}

/**
 * The open PO line an item picked by hand may be received against (issue 38): the vendor's oldest
 * order with that item still pending, leaving out PO lines other form lines already take. Null when
 * there is none.
 */
export function proposedPoLine<P extends PoFigures & { order_date: string }>(
  orders: readonly P[],
  item: string,
  taken: ReadonlySet<string>,
): { po: P; line: PoLineFigures } | null {
  if (!item) return null;
  const oldestFirst = [...orders].sort((a, b) => a.order_date.localeCompare(b.order_date));
  for (const po of oldestFirst) {
    const line = po.lines.find(
      (candidate) =>
        candidate.item === item && candidate.pending_quantity > 0 && !taken.has(candidate.id),
    );
    if (line) return { po, line };
  }
  return null;
}

/** A line nobody has started typing (the form's first, empty line). */
const isBlank = (line: LineInput): boolean =>
  !line.item && line.quantity === undefined && line.unit_price === undefined && !line.notes;

/**
 * The lines after choosing a PO in the form: blank lines give way, lines already typed stay, and
 * PO lines already on the form are not added twice.
 */
export function withPoLines(current: readonly LineInput[], fromPo: LineInput[]): LineInput[] {
  const kept = current.filter((line) => !isBlank(line));
  const present = new Set(kept.map((line) => line.po?.line).filter(Boolean));
  const added = fromPo.filter((line) => !present.has(line.po?.line));
  const lines = [...kept, ...added];
  return lines.length > 0 ? lines : [...current];
}

/** The PO's rate when the typed rate differs from it (paise compared), else null. */
export function differingPoRate(line: Partial<LineInput> | undefined): number | null {
  const poRate = line?.po?.unit_price;
  const rate = line?.unit_price;
  if (poRate === null || poRate === undefined) return null;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) return null;
  return toPaise(rate) === toPaise(poRate) ? null : poRate;
}

/**
 * Where a PO refusal belongs in the form: PO_QUANTITY_EXCEEDED under the quantity of the PO line
 * that asked for `requested` (else the first PO line), PO_NOT_ISSUED under the first PO line's
 * item. The message is the server's, in the user's language. Null for any other error.
 */
export function poErrorField(
  error: unknown,
  lines: readonly Partial<LineInput>[],
): [string, string] | null {
  if (!isApiError(error) || !PO_ERROR_CODES.includes(error.code)) return null;
  const poLines = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.po);
  if (error.code === 'PO_QUANTITY_EXCEEDED') {
    const requested = error.data.requested;
    const match = poLines.find(({ line }) => line.quantity === requested) ?? poLines[0];
    return [`lines.${match?.index ?? 0}.quantity`, error.message];
  }
  return [`lines.${poLines[0]?.index ?? 0}.item`, error.message];
}
