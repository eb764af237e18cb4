/**
 * A create dialog the offline queue may reopen: the form as its page opens it, and beside it the
 * same form filled from a queued entry the server refused, while "Edit and retry" asks for it
 * (lib/offline-queue-hooks.ts useQueuedEdit). Closing that one ends the request.
 *
 *   <WithQueuedEdit collection="payments" editor={(entry, onOpenChange) => <PaymentForm … />}>
 *     <PaymentForm key={…} open={open} onOpenChange={onOpenChange} … />
 *   </WithQueuedEdit>
 */
import { Fragment, type ReactNode } from 'react';
import type { QueuedCollection, QueueEntry } from '../lib/offline-queue';
import { useQueuedEdit } from '../lib/offline-queue-hooks';

export function WithQueuedEdit({
  collection,
  editor,
  children,
}: {
  collection: QueuedCollection;
  /** The form for `entry`, open; `onOpenChange(false)` closes it. */
  editor: (entry: QueueEntry, onOpenChange: (open: boolean) => void) => ReactNode;
  children: ReactNode;
}) {
  const edit = useQueuedEdit(collection);
  return (
    <>
      {children}
      {edit.entry ? (
        // Each entry gets a fresh form.
        <Fragment key={edit.entry.key}>
          {editor(edit.entry, (next) => (next ? undefined : edit.close()))}
        </Fragment>
      ) : null}
    </>
  );
}
