/**
 * The add-or-edit dialog of a record (item, service, vendor, account, …) is its fields and its
 * domain schema; this file holds the rest every one of them repeated: which mutation runs, the
 * toast, closing on success, the server's field messages under the fields, and the dialog's
 * busy state and whole-form error.
 *
 *   const save = useRecordSave({ record: item, create: useCreateItem(), update: useUpdateItem(),
 *     fields: FIELDS, setError, toasts: ITEM_TOASTS, onSaved, onOpenChange });
 *   <RecordFormDialog save={save} errors={errors} onSubmit={handleSubmit((v) => save.run(body(v)))} …>
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { applyServerFieldErrors, saveErrorMessage } from '../../lib/form';
import { isQueued, type QueuedResult } from '../../lib/offline-queue-hooks';
import { FormDialog, type FormDialogProps } from './form-dialog';
import type { FormGuard } from './use-form-guard';
import { useToast } from './toast-context';

/** The saved record's name for the toast's `{ name }`, when it has one. */
function nameOf(saved: unknown): string {
  const name = (saved as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
}

export interface RecordSaveOptions<Saved, Create, Update, Field extends string> {
  /** The record being edited; null adds a new one. */
  record: { id: string } | null;
  /** A queued create (offline-queue-hooks.ts) may answer that the record waits to be sent. */
  create: UseMutationResult<Saved | QueuedResult, unknown, Create>;
  /** Not needed where the form only adds (the quick-create dialogs). */
  update?: UseMutationResult<Saved, unknown, { id: string; data: Update }>;
  /** The form's fields: a 400 answer's message for one of them shows under it. */
  fields: readonly Field[];
  setError: (field: Field, error: { type: string; message: string }) => void;
  /** i18n keys of the success toasts, given `{ name }`. */
  toasts: { created: string; updated: string };
  onSaved?: ((saved: Saved) => void) | undefined;
  onOpenChange: (open: boolean) => void;
  /** The form's guard (use-form-guard.ts): a save forgets its draft. */
  guard?: FormGuard | undefined;
}

export interface RecordSave<Body> {
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  /** Sends the body (POST when adding, PATCH when editing). */
  run: (body: Body) => void;
}

export function useRecordSave<Saved, Create, Update, Field extends string>({
  record,
  create,
  update,
  fields,
  setError,
  toasts,
  onSaved,
  onOpenChange,
  guard,
}: RecordSaveOptions<Saved, Create, Update, Field>): RecordSave<Create & Update> {
  const { t } = useTranslation();
  const toast = useToast();
  const run = (body: Create & Update) => {
    const onSuccess = (saved: Saved | QueuedResult) => {
      guard?.saved();
      // Waiting in the offline queue: the queue said so; there is no record to hand on yet.
      if (isQueued(saved)) return onOpenChange(false);
      toast.success(t(record ? toasts.updated : toasts.created, { name: nameOf(saved) }));
      onSaved?.(saved);
      onOpenChange(false);
    };
    const onError = (error: unknown) => applyServerFieldErrors(error, fields, setError);
    if (record && update) update.mutate({ id: record.id, data: body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };
  return { mutation: record && update ? update : create, run };
}

/** What the inner form of an add-or-edit dialog takes: the record to edit (null adds one). */
export interface RecordFormProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: T | null;
  onSaved?: ((saved: T) => void) | undefined;
}

/**
 * The inner form's `key`: it mounts afresh each time the dialog opens (or opens on another
 * record), so `useForm`'s defaults are the record's current values.
 */
export function freshFormKey(open: boolean, record: { id: string } | null | undefined): string {
  return open ? (record?.id ?? 'new') : 'closed';
}

export interface RecordFormDialogProps extends Omit<FormDialogProps, 'busy' | 'error'> {
  save: { mutation: RecordSave<never>['mutation'] };
  errors: FieldErrors<FieldValues>;
}

/** A FormDialog that is busy while saving and shows a failed save's message. */
export function RecordFormDialog({ save, errors, ...props }: RecordFormDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...props}
      busy={save.mutation.isPending}
      error={saveErrorMessage(t, save.mutation, errors)}
    />
  );
}
