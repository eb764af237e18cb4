import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import type { DeleteMutation } from './list-types';

/** The record a delete confirmation is open for. */
export interface DeleteTarget<T> {
  target: T | null;
  /** Opens the confirmation; the mutation's last error is cleared first. */
  ask: (row: T) => void;
  close: () => void;
}

export function useDeleteTarget<T>(mutation?: Pick<DeleteMutation, 'reset'>): DeleteTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (row) => {
      mutation?.reset();
      setTarget(row);
    },
    close: () => setTarget(null),
  };
}

/** Deletes `row`; once the server agrees: close the dialog, then say so in a toast. */
export function confirmDelete<T extends { id: string }>(
  row: T,
  mutation: Pick<DeleteMutation, 'mutate'>,
  done: {
    close: () => void;
    notify: (message: string) => void;
    message: (row: T) => string;
    /** After the toast, e.g. leave the deleted record's page. */
    onDeleted?: (() => void) | undefined;
  },
): void {
  mutation.mutate(row.id, {
    onSuccess: () => {
      done.close();
      done.notify(done.message(row));
      done.onDeleted?.();
    },
  });
}

/**
 * "Delete this …?": stays open while the delete runs, shows the server's refusal (e.g. the record
 * is in use) and closes with a success toast.
 */
export function DeleteConfirm<T extends { id: string }>({
  target,
  mutation,
  title,
  description,
  toastMessage,
  onDeleted,
  leaveTo,
  testId,
}: {
  target: DeleteTarget<T>;
  mutation: DeleteMutation;
  title: ReactNode;
  description: ReactNode;
  toastMessage: (row: T) => string;
  onDeleted?: () => void;
  /** Once deleted, leave the record's page for this one (the list), replacing it in history. */
  leaveTo?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={target.target !== null}
      onOpenChange={(open) => !open && target.close()}
      title={title}
      description={description}
      confirmLabel={t('kit.actions.delete')}
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, t) : null}
      onConfirm={() => {
        if (!target.target) return;
        confirmDelete(target.target, mutation, {
          close: target.close,
          notify: (message) => toast.success(message),
          message: toastMessage,
          onDeleted: leaveTo ? () => void navigate(leaveTo, { replace: true }) : onDeleted,
        });
      }}
      testId={testId}
    />
  );
}
