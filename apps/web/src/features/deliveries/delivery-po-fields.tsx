/**
 * The purchase-order parts of the delivery form: the "From purchase order" picker (the chosen
 * vendor's open POs; choosing one fills the lines), the note under a line received against a PO
 * ("Ordered X · pending Y", and a warning when the typed rate differs from the PO's), and the
 * prefill when the page opens with `?fromPo=<id>`.
 */
import { formatInr, toPaise, type PurchaseOrder } from '@siteledger/domain';
import { AlertTriangle, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { formatQuantity } from '../../components/ui/quantity-field';
import { useItemOptions } from '../../lib/entity-options';
import { useOpenPurchaseOrders, usePurchaseOrder } from './api';
import type { CreateDeliveryInput, CreateDeliveryValues, LinesFormInput } from './delivery-form';
import {
  differingPoRate,
  linesFromPo,
  poRefOf,
  proposedPoLine,
  withPoLines,
} from './delivery-from-po';

/** "PO/2026-27/0001 · ₹12,000.00" (a draft has no number; open POs always have one). */
const poLabel = (po: PurchaseOrder, pending: string) =>
  `${po.number ?? pending} · ${formatInr(toPaise(po.total_amount))}`;

/** Choose one of the vendor's open POs to fill the lines with what is still pending on it. */
export function PoPicker() {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<CreateDeliveryInput>();
  const vendor = useWatch({ control, name: 'vendor' });
  const orders = useOpenPurchaseOrders(vendor);
  const open = (orders.data?.items ?? []).filter((po) =>
    po.lines.some((line) => line.pending_quantity > 0),
  );
  if (!vendor || open.length === 0) return null;

  return (
    <SelectField
      label={t('deliveries.po.pick')}
      optional
      value=""
      placeholder={t('deliveries.po.choose')}
      hint={t('deliveries.po.pickHint')}
      options={open.map((po) => ({ value: po.id, label: poLabel(po, t('deliveries.po.draft')) }))}
      onChange={(event) => {
        const po = open.find((candidate) => candidate.id === event.target.value);
        if (!po) return;
        setValue('lines', withPoLines(getValues('lines'), linesFromPo(po)), {
          shouldDirty: true,
        });
      }}
      data-testid="delivery-po-picker"
    />
  );
}

/** Under a line received against a PO: ordered and pending, and a rate other than the PO's. */
export function PoLineNote({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<LinesFormInput>();
  const line = useWatch({ control, name: `lines.${index}` });
  const items = useItemOptions({ selectedIds: line?.item ? [line.item] : [] });
  const po = line?.po;
  if (!po || po.ordered === null || po.pending === null) return null;
  const unit = items.byId(line.item)?.unit;
  const poRate = differingPoRate(line);

  return (
    <div className="mt-2 space-y-1 text-xs" data-testid={`delivery-line-${index}-po`}>
      <p className="text-fg-muted">
        {po.number ? `${po.number} · ` : ''}
        {t('deliveries.po.orderedPending', {
          ordered: formatQuantity(po.ordered, unit),
          pending: formatQuantity(po.pending, unit),
        })}
      </p>
      {poRate !== null ? (
        <p
          className="flex items-center gap-1.5 font-medium text-amber-700 dark:text-amber-300"
          role="status"
          data-testid={`delivery-line-${index}-rate-warning`}
        >
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
          {t('deliveries.po.rateDiffers', { rate: formatInr(toPaise(poRate)) })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Under a line whose item was picked by hand (issue 38): when the vendor has an open PO line for
 * that item, it is proposed with its rate; accepting receives the line against it (so the order
 * does not stay "partly received"), at the PO's rate and GST rate.
 */
export function PoLineProposal({ index, vendor }: { index: number; vendor: string }) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<LinesFormInput>();
  const line = useWatch({ control, name: `lines.${index}` });
  const lines = useWatch({ control, name: 'lines' });
  const orders = useOpenPurchaseOrders(vendor);
  const items = useItemOptions({ selectedIds: line?.item ? [line.item] : [] });
  // Declined for this item: not proposed again until another item is picked.
  const [declined, setDeclined] = useState<string | null>(null);
  if (!line?.item || line.po || declined === line.item) return null;
  const taken = new Set((lines ?? []).flatMap((other) => (other.po ? [other.po.line] : [])));
  const found = proposedPoLine(orders.data?.items ?? [], line.item, taken);
  if (!found) return null;
  const unit = items.byId(line.item)?.unit;
  const accept = () => {
    const current = getValues(`lines.${index}`);
    setValue(`lines.${index}.po`, poRefOf(found.po, found.line), { shouldDirty: true });
    setValue(`lines.${index}.unit_price`, found.line.unit_price, { shouldDirty: true });
    setValue(`lines.${index}.gst_rate`, found.line.gst_rate, { shouldDirty: true });
    if (current.quantity === undefined) {
      setValue(`lines.${index}.quantity`, found.line.pending_quantity, { shouldDirty: true });
    }
  };

  return (
    <div
      className="mt-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-xs"
      data-testid={`delivery-line-${index}-po-proposal`}
    >
      <p className="flex items-start gap-1.5 text-fg">
        <Link2 className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
        <span>
          {t('deliveries.po.proposal', {
            number: found.po.number ?? t('deliveries.po.draft'),
            pending: formatQuantity(found.line.pending_quantity, unit),
            rate: formatInr(toPaise(found.line.unit_price)),
          })}
        </span>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" onClick={accept} data-testid={`delivery-line-${index}-po-accept`}>
          {t('deliveries.po.proposalAccept')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setDeclined(line.item)}
          data-testid={`delivery-line-${index}-po-dismiss`}
        >
          {t('deliveries.po.proposalDismiss')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Opens the new delivery filled from a PO (`?fromPo=`): its vendor and one line per pending PO
 * line. Applied once, when the PO has loaded; returns the PO query (loading, error).
 */
export function usePrefillFromPo(
  form: UseFormReturn<CreateDeliveryInput, unknown, CreateDeliveryValues>,
  fromPo: string | null,
  /** The form holds a restored draft instead. */
  skip = false,
) {
  const po = usePurchaseOrder(fromPo);
  const applied = useRef(false);
  useEffect(() => {
    // A kept (possibly stale) order is refetched on open: fill from the fresh one, or a line already
    // received would be offered again at its old pending quantity. Offline the fetch is paused, not
    // fetching, so the kept order is used.
    if (skip || applied.current || !po.data || po.isFetching) return;
    applied.current = true;
    form.setValue('vendor', po.data.vendor, { shouldDirty: true });
    const lines = linesFromPo(po.data);
    if (lines.length > 0) form.setValue('lines', lines, { shouldDirty: true });
  }, [po.data, po.isFetching, form, skip]);
  return po;
}
