/**
 * A record form that also reopens a refused queued record (the offline queue's "Edit"): the form
 * as the page opens it, and beside it, while the person edits a waiting entry of `collection`,
 * the same form filled from that entry. Each mounts afresh per record (`formKey`), so no typed
 * value leaks from one record into the next. Closing the queued one ends the edit.
 *
 *   <QueuedEditForms collection="payments" open={open} onOpenChange={onOpenChange} formKey={id}>
 *     {(props) => <PaymentForm {...props} … />}
 *   </QueuedEditForms>
 */
import { Fragment, type ReactNode } from 'react';
import type { QueuedCollection, QueueEntry } from '../lib/offline-queue';
import { useQueuedEdit } from '../lib/offline-queue-hooks';

export interface QueuedFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The waiting entry the form edits; null for the page's own form. */
  queued: QueueEntry | null;
}

export function QueuedEditForms({
  collection,
  open,
  onOpenChange,
  formKey,
  children: form,
}: {
  collection: QueuedCollection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the record the page's form shows (its id, or the new one's). */
  formKey: string;
  children: (props: QueuedFormProps) => ReactNode;
}) {
  const edit = useQueuedEdit(collection);
  return (
    <>
      <Fragment key={open ? formKey : 'closed'}>
        {form({ open, onOpenChange, queued: null })}
      </Fragment>
      {edit.entry ? (
        <Fragment key={edit.entry.key}>
          {form({
            open: true,
            onOpenChange: (next) => (next ? undefined : edit.close()),
            queued: edit.entry,
          })}
        </Fragment>
      ) : null}
    </>
  );
}
