/**
 * The muster's typed marks, kept in localStorage per person, site and date (lib/form-drafts.ts,
 * `siteledger.draft.<user>.<site>.muster.<date>`) on every change, so a reload, a crash or a
 * phone that kills the tab loses nothing; a save drops them.
 */
import { useState } from 'react';
import { clearDraft, draftKey, readDraft, writeDraft } from '../../lib/form-drafts';
import { useSession } from '../../lib/session';
import { EMPTY_DRAFT, isEmptyDraft, parseDraft, type MusterDraft } from './muster-state';

export function useMusterDraft(date: string) {
  const { user, siteId } = useSession();
  const key = draftKey(user?.id ?? '', siteId ?? '', `muster.${date}`);
  // Every date's draft read once from storage, then held here; the key tells dates apart.
  const [drafts, setDrafts] = useState<Record<string, MusterDraft>>({});
  const draft = drafts[key] ?? parseDraft(readDraft(key)?.values ?? EMPTY_DRAFT);

  const setDraft = (change: (current: MusterDraft) => MusterDraft) => {
    // From the latest state, so two quick taps between renders both count; storing it twice
    // (StrictMode runs an updater twice) writes the same value.
    setDrafts((all) => {
      const next = change(all[key] ?? parseDraft(readDraft(key)?.values ?? EMPTY_DRAFT));
      if (isEmptyDraft(next)) clearDraft(key);
      else writeDraft(key, next);
      return { ...all, [key]: next };
    });
  };
  return { draft, setDraft };
}
