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
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  /** A key or pointer went down in the form (FormDialog and StepDialog call it). */
  noteInput: () => void;
}

type GuardedForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'watch' | 'getValues' | 'reset'>;

export interface GuardOptions {
  open: boolean;
  onClose: () => void;
  /** The form's name for its kept draft (new entries); null keeps none (edits, queued retries). */
  draft?: string | null;
}

/** What the guard reads and writes: a react-hook-form form, or a form kept in React state. */
interface GuardSource<T> {
  getValues: () => T;
  /** `restoring`: the form's defaults stay (a react-hook-form form stays dirty). */
  reset: (values: T, restoring: boolean) => void;
  /** `byInput`: the change came from a field's own change event. */
  subscribe: (listener: (values: unknown, byInput: boolean) => void) => () => void;
}

/** Marks the history entry a dirty dialog adds, so the browser's back closes the dialog first. */
const HISTORY_MARK = 'siteledgerFormGuard';
// Starts from the clock, not 1: a marked history entry survives a reload, and a guard of the new
// page must not take an old mark for its own (back would then need one press more).
let nextGuardId = Date.now();

function historyMarked(id: number): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[HISTORY_MARK] === id
  );
}

/** The guard of a react-hook-form form. */
export function useFormGuard<T extends FieldValues>(
  form: GuardedForm<T>,
  options: GuardOptions,
): FormGuard {
  const source = useMemo<GuardSource<T>>(
    () => ({
      getValues: () => form.getValues(),
      reset: (values, restoring) =>
        form.reset(values, restoring ? { keepDefaultValues: true } : undefined),
      subscribe: (listener) => {
        const subscription = form.watch((values, info) => listener(values, info.type === 'change'));
        return () => subscription.unsubscribe();
      },
    }),
    [form],
  );
  return useGuard(source, options);
}

/** The guard of a form kept in React state (`value`, `setValue`), e.g. the return wizard. */
export function useStateGuard<T>(
  value: T,
  setValue: (value: T) => void,
  options: GuardOptions,
): FormGuard {
  const current = useRef(value);
  current.current = value;
  const listeners = useRef(new Set<(values: unknown, byInput: boolean) => void>());
  useEffect(() => {
    for (const listener of listeners.current) listener(value, false);
  }, [value]);
  const source = useMemo<GuardSource<T>>(
    () => ({
      getValues: () => current.current,
      reset: (values) => setValue(values),
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [setValue],
  );
  return useGuard(source, options);
}

function useGuard<T>(
  form: GuardSource<T>,
  { open, onClose, draft = null }: GuardOptions,
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
  const interacted = useRef(false);

  // When the form opens: what it starts with, then the kept draft over it.
  useEffect(() => {
    if (!open || baseline.current !== null) return;
    const initial = form.getValues();
    baseline.current = JSON.stringify(initial);
    if (!key) return;
    const kept = readDraft(key);
    if (!kept) return setRestored(false);
    const values = { ...(initial as object), ...kept.values } as T;
    if (JSON.stringify(values) === baseline.current) {
      clearDraft(key);
      return setRestored(false);
    }
    form.reset(values, true);
    setRestored(true);
  }, [open, key, form]);

  // Only what the person changed counts (a field's `change`, or any change once they have
  // pressed a key or tapped in the form: pickers and custom fields set values), not what a
  // form fills by itself on opening (a purchase order's lines, a linked vendor's dues).
  useEffect(() => {
    if (!open) return;
    return form.subscribe((values, byInput) => {
      if (finishedRef.current) return;
      if (byInput || interacted.current) touched.current = true;
      if (!touched.current) return;
      const same = JSON.stringify(values) === baseline.current;
      setChanged(!same);
      if (!key) return;
      if (same) clearDraft(key);
      else writeDraft(key, values);
    });
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
    interacted.current = false;
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
      interacted.current = false;
      setChanged(false);
      setRestored(false);
      if (baseline.current !== null) form.reset(JSON.parse(baseline.current) as T, false);
    },
    saved: () => {
      finish();
      release();
    },
    noteInput: () => {
      interacted.current = true;
    },
  };
}
