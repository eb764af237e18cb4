/**
 * Typed work is never thrown away without a word (issue 38): a form dialog with a guard asks
 * "Discard this entry?" before Escape, ×, Cancel, a click outside or the browser's (Android's)
 * back closes it with something typed, and keeps a draft of a new entry (per user, site and form,
 * lib/form-drafts.ts) that survives a reload until it is saved or discarded; reopening the form
 * restores it with a "Draft restored" note. FormDialog and StepDialog take the guard:
 *
 *   const guard = useFormGuard(form, { open, onClose: () => onOpenChange(false), draft: 'payment' });
 *   <FormDialog guard={guard} …>          // and guard.saved() once the entry is saved
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { clearDraft, draftKey, readDraft, writeDraft } from '../../lib/form-drafts';
import { useSession } from '../../lib/session';

export interface FormGuard {
  /** Closing now would throw typed work away. */
  dirty: boolean;
  /** The form opened with a kept draft. */
  restored: boolean;
  /** "Discard this entry?" is showing. */
  asking: boolean;
  /** Close, asking first when something was typed. */
  requestClose: () => void;
  keepEditing: () => void;
  /** The person chose to discard: the draft goes, the form closes. */
  discard: () => void;
  /** "Discard draft" on the restored note: the form starts over, still open. */
  discardDraft: () => void;
  /** The entry was saved: the draft goes and closing no longer asks. */
  saved: () => void;
}

type GuardedForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'watch' | 'getValues' | 'reset'>;

/** Marks the history entry a dirty dialog adds, so the browser's back closes the dialog first. */
const HISTORY_MARK = 'siteledgerFormGuard';
let nextGuardId = 1;

function historyMarked(id: number): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[HISTORY_MARK] === id
  );
}

export function useFormGuard<T extends FieldValues>(
  form: GuardedForm<T>,
  {
    open,
    onClose,
    draft = null,
  }: {
    open: boolean;
    onClose: () => void;
    /** The form's name for its kept draft (new entries); null keeps none (edits, queued retries). */
    draft?: string | null;
  },
): FormGuard {
  const { user, siteId } = useSession();
  const key = open && draft && user && siteId ? draftKey(user.id, siteId, draft) : null;
  const [changed, setChanged] = useState(false);
  // Known from the first render, so a form's own filling (a purchase order's lines) can wait.
  const [restored, setRestored] = useState(() => key !== null && readDraft(key) !== null);
  const [asking, setAsking] = useState(false);
  const [finished, setFinished] = useState(false);
  const finishedRef = useRef(false);
  const dirty = open && !finished && (changed || restored);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [id] = useState(() => nextGuardId++);
  const pushed = useRef(false);
  const baseline = useRef<string | null>(null);
  const touched = useRef(false);

  // When the form opens: what it starts with, then the kept draft over it.
  useEffect(() => {
    if (!open || baseline.current !== null) return;
    const initial = form.getValues();
    baseline.current = JSON.stringify(initial);
    if (!key) return;
    const kept = readDraft(key);
    if (!kept) return setRestored(false);
    const values = { ...initial, ...kept.values } as T;
    if (JSON.stringify(values) === baseline.current) {
      clearDraft(key);
      return setRestored(false);
    }
    form.reset(values, { keepDefaultValues: true });
    setRestored(true);
  }, [open, key, form]);

  // Only what the person changed counts (a field's `change`), not values a form fills itself
  // (a purchase order's lines, a default account); from then on every value is kept.
  useEffect(() => {
    if (!open) return;
    const subscription = form.watch((values, info) => {
      if (finishedRef.current) return;
      if (info.type === 'change') touched.current = true;
      if (!touched.current) return;
      const same = JSON.stringify(values) === baseline.current;
      setChanged(!same);
      if (!key) return;
      if (same) clearDraft(key);
      else writeDraft(key, values);
    });
    return () => subscription.unsubscribe();
  }, [open, key, form]);

  // Drops the history entry this dialog added; later, so a navigation made while closing (a
  // link in the dialog) is not undone.
  const release = useCallback(() => {
    if (!pushed.current) return;
    pushed.current = false;
    window.setTimeout(() => {
      if (historyMarked(id)) window.history.back();
    }, 0);
  }, [id]);

  const mark = useCallback(() => {
    const state: unknown = window.history.state;
    const base = typeof state === 'object' && state !== null ? state : {};
    window.history.pushState({ ...base, [HISTORY_MARK]: id }, '');
    pushed.current = true;
  }, [id]);

  // Dirty and open: one extra history entry, so back (Android's button) asks instead of leaving.
  useEffect(() => {
    if (open && dirty && !pushed.current) mark();
  }, [open, dirty, mark]);

  useEffect(() => {
    if (!open) return;
    const onPop = () => {
      if (!pushed.current || historyMarked(id)) return;
      pushed.current = false;
      if (dirtyRef.current) {
        mark();
        setAsking(true);
      } else onCloseRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open, id, mark]);

  // Closed: the entry goes, and a dialog that stays mounted starts afresh when reopened.
  useEffect(() => {
    if (open) return;
    release();
    baseline.current = null;
    touched.current = false;
    finishedRef.current = false;
    setChanged(false);
    setRestored(false);
    setFinished(false);
    setAsking(false);
  }, [open, release]);
  useEffect(() => release, [release]);

  const finish = useCallback(() => {
    finishedRef.current = true;
    setFinished(true);
    setAsking(false);
    if (key) clearDraft(key);
  }, [key]);

  return {
    dirty,
    restored: restored && !finished,
    asking,
    requestClose: () => {
      if (dirtyRef.current) setAsking(true);
      else {
        release();
        onCloseRef.current();
      }
    },
    keepEditing: () => setAsking(false),
    discard: () => {
      finish();
      release();
      onCloseRef.current();
    },
    discardDraft: () => {
      if (key) clearDraft(key);
      touched.current = false;
      setChanged(false);
      setRestored(false);
      if (baseline.current !== null) form.reset(JSON.parse(baseline.current) as T);
    },
    saved: () => {
      finish();
      release();
    },
  };
}
