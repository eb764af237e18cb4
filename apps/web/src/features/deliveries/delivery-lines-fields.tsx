/**
 * The item lines of a delivery (create form step 2 and the lines editor): item, quantity in the
 * item's unit, unit price, GST rate (the picked item's default; "No GST" allowed), optional note
 * and the live line total (quantity × unit price rounded to the paisa, computed in paise: the
 * taxable value) with the line's GST beneath it. An item not on the list yet can be added from a
 * line's picker without leaving the form.
 */
import { permissionsFor } from '@siteledger/domain';
import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LinesFooter } from '../../components/record-fields/lines-footer';
import { defaultRateOn } from '../../components/gst/rate-on-date';
import { ItemLinePicker, LineFieldsGrid } from '../../components/record-fields/item-line-picker';
import { quickAddFooter } from '../../components/quick-create/quick-add-option';
import { QuickItemDialog } from '../../components/quick-create/quick-item-dialog';
import { Button } from '../../components/ui/button';
import { LineCard } from '../../components/record-fields/line-card';
import { LinePriceFields, LineTotal } from '../../components/record-fields/line-price-fields';
import { TextField } from '../../components/ui/text-field';
import { useItemOptions } from '../../lib/entity-options';
import { fieldError } from '../../lib/form';
import { useFieldProps } from '../../components/form/use-field-props';
import { useSession } from '../../lib/session';
import { emptyLine, linePaise, type LineInput, type LinesFormInput } from './delivery-form';
import { PoLineNote, PoLineProposal } from './delivery-po-fields';

export function DeliveryLinesFields({
  canRemove = () => true,
  lineTax = () => null,
  proposeFromVendor,
  rateDate,
}: {
  /** The delivery's date: a picked item's default rate is the one in force then. */
  rateDate?: string | undefined;
  /** A new delivery's vendor: an item picked by hand is offered its open PO line. */
  proposeFromVendor?: string | undefined;
  /** Whether a line may be removed (saved lines need the delete permission). */
  canRemove?: (line: LineInput) => boolean;
  /** The GST (paise) the line's rate adds, when it can be worked out. */
  lineTax?: (index: number) => number | null;
}) {
  const { t } = useTranslation();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<LinesFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const canCreate = permissionsFor(useSession().role).canCreate;
  // The new item's dialog: which line asked, and what was typed in its picker.
  const [adding, setAdding] = useState<{ index: number; name: string } | null>(null);
  const lines = useWatch({ control, name: 'lines' });
  // The chosen items' units (a chosen item need not be on the picker's first page).
  const items = useItemOptions({ selectedIds: lines?.map((line) => line.item) ?? [] });
  const listError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <div className="space-y-3">
      <ol className="space-y-3" data-testid="delivery-lines">
        {fields.map((field, index) => {
          const line = lines?.[index];
          const lineErrors = errors.lines?.[index];
          const total = linePaise(line?.quantity, line?.unit_price);
          const removable = fields.length > 1 && canRemove(line ?? field);
          return (
            <LineCard
              key={field.id}
              label={t('deliveries.lines.lineNumber', { number: index + 1 })}
              removeLabel={t('deliveries.lines.remove', { number: index + 1 })}
              onRemove={removable ? () => remove(index) : undefined}
              testId={`delivery-line-${index}`}
            >
              <LineFieldsGrid>
                <ItemLinePicker
                  index={index}
                  label={t('deliveries.fields.item')}
                  onPick={(id) => {
                    // Another item is no longer what the purchase order line ordered.
                    if (line?.po && line.po.item !== id)
                      setValue(`lines.${index}.po`, undefined, { shouldDirty: true });
                    // The item's rate on the bill's date is the line's default; the person may
                    // change it.
                    setValue(`lines.${index}.gst_rate`, defaultRateOn(items.byId(id), rateDate), {
                      shouldDirty: true,
                    });
                  }}
                  placeholder={t('deliveries.lines.chooseItem')}
                  searchPlaceholder={t('deliveries.lines.searchItems')}
                  emptyText={t(canCreate ? 'quickCreate.item.noMatch' : 'deliveries.lines.noItems')}
                  error={fieldError(t, lineErrors?.item)}
                  testId={`delivery-line-${index}-item`}
                  footer={quickAddFooter({
                    enabled: canCreate,
                    resource: 'items',
                    label: (text) =>
                      text
                        ? t('quickCreate.item.addNamed', { name: text })
                        : t('quickCreate.item.add'),
                    onAdd: (name) => setAdding({ index, name }),
                    testId: `delivery-line-${index}-item-create`,
                  })}
                />
                <LinePriceFields
                  index={index}
                  unit={items.byId(line?.item)?.unit}
                  labels={{
                    quantity: t('deliveries.fields.quantity'),
                    price: t('deliveries.fields.unitPrice'),
                  }}
                  testId={`delivery-line-${index}`}
                />
              </LineFieldsGrid>
              <PoLineNote index={index} />
              {proposeFromVendor ? (
                <PoLineProposal index={index} vendor={proposeFromVendor} />
              ) : null}
              <div className="mt-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
                <LineNote index={index} initiallyOpen={Boolean(field.notes)} />
                <LineTotal
                  total={total}
                  tax={lineTax(index)}
                  labels={{
                    total: t('deliveries.fields.lineTotal'),
                    plusGst: (amount) => t('gst.delivery.plusGst', { amount }),
                  }}
                  mutedWhenUnknown
                  className="ml-auto"
                  testId={`delivery-line-${index}`}
                />
              </div>
            </LineCard>
          );
        })}
      </ol>
      <LinesFooter
        error={listError}
        addLabel={t('deliveries.lines.add')}
        onAdd={() =>
          append(emptyLine(), { shouldFocus: true, focusName: `lines.${fields.length}.item` })
        }
        testId="delivery"
      />
      <QuickItemDialog
        open={adding !== null}
        onOpenChange={(open) => (open ? undefined : setAdding(null))}
        initialName={adding?.name ?? ''}
        onCreated={(item) => {
          if (adding) {
            setValue(`lines.${adding.index}.item`, item.id, {
              shouldValidate: true,
              shouldDirty: true,
            });
            setValue(`lines.${adding.index}.gst_rate`, item.gst_rate ?? null);
          }
        }}
      />
    </div>
  );
}

/** "Add note" until the line has one; then a small text field. */
function LineNote({ index, initiallyOpen }: { index: number; initiallyOpen: boolean }) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(useFormContext<LinesFormInput>(), 'deliveries.fields');
  const [open, setOpen] = useState(initiallyOpen);
  if (!open) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2 h-10 sm:h-8"
        icon={<MessageSquarePlus className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid={`delivery-line-${index}-add-note`}
      >
        {t('deliveries.lines.addNote')}
      </Button>
    );
  }
  return (
    <TextField
      optional
      autoFocus={!initiallyOpen}
      containerClassName="min-w-0 flex-1 basis-56"
      placeholder={t('deliveries.lines.notePlaceholder')}
      data-testid={`delivery-line-${index}-notes`}
      {...fieldProps(`lines.${index}.notes`, { text: 'lineNote' })}
    />
  );
}
