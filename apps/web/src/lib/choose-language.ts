import type { Language, NoticePreferences } from '@siteledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client';
import { changeLanguage } from './i18n';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/**
 * Switches the app's language; signed in, the server hears it too, so that the person's notices
 * (mail, WhatsApp, digests) come in it (API.md "Notices"). The server's copy is best effort: the
 * app keeps its language on this device either way, so a failed save says nothing and is not
 * queued — the next switch sends it again.
 */
export function useChooseLanguage(): (language: Language) => void {
  const { status } = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    (language: Language) => {
      void changeLanguage(language);
      if (status !== 'signed-in') return;
      api.patch<NoticePreferences>('/api/me/notices', { language }).then(
        (answer) => queryClient.setQueryData(queryKeys.notices, answer),
        () => undefined,
      );
    },
    [status, queryClient],
  );
}
