/**
 * What a record dialog does once its save succeeds: the form guard forgets the typed work (no
 * "discard?" question, no kept draft), a toast says what was saved — none for a record that waits
 * in the offline queue (`null`) — and the dialog closes.
 *
 *   const closeSaved = useCloseOnSave(guard, onOpenChange);
 *   mutation.mutate(body, { onSuccess: () => closeSaved(t('stock.toast.transferReceived')) });
 */
import type { FormGuard } from '../ui/use-form-guard';
import { useToast } from '../ui/toast-context';

export function useCloseOnSave(guard: FormGuard, onOpenChange: (open: boolean) => void) {
  const toast = useToast();
  return (message: string | null) => {
    guard.saved();
    if (message !== null) toast.success(message);
    onOpenChange(false);
  };
}
