/**
 * What every dialog that edits a saved record shares: a fresh form each time it opens, the
 * discard guard (no draft: an edit keeps none), and the success step — the guard lets go, a
 * toast says what was saved (or how much a release of overpayment moved to advance) and the
 * dialog closes.
 */
import type { ComponentType } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ui/toast-context';
import { useFormGuard, type FormGuard } from '../ui/use-form-guard';
import { formatRupees } from '../../lib/format';
import { releasedTotal } from '../../lib/overpayment';

/** The props of a dialog that edits one record. */
export interface EditDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** `Form` mounted afresh each time the dialog opens, so it starts from the saved record. */
export function freshOnOpen<P extends EditDialogProps>(Form: ComponentType<P>) {
  return function FreshOnOpen(props: P) {
    return <Form key={props.open ? 'open' : 'closed'} {...props} />;
  };
}

/**
 * The edit form's guard, and `saved(reply, messageKey)` for a save's success: the toast names
 * the advance a release made, else `messageKey`.
 */
export function useEditDialog<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'watch' | 'getValues' | 'reset'>,
  { open, onOpenChange }: EditDialogProps,
): { guard: FormGuard; saved: (reply: unknown, messageKey: string) => void } {
  const { t } = useTranslation();
  const toast = useToast();
  // Asks before typed work is discarded.
  const guard = useFormGuard(form, { open, onClose: () => onOpenChange(false), draft: null });
  const saved = (reply: unknown, messageKey: string) => {
    guard.saved();
    const released = releasedTotal(reply);
    toast.success(
      released > 0 ? t('overpayment.released', { amount: formatRupees(released) }) : t(messageKey),
    );
    onOpenChange(false);
  };
  return { guard, saved };
}
