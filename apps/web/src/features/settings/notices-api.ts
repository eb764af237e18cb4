import type { NoticePreferences, NoticePreferencesUpdate } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const noticesKey = queryKeys.notices;

/** GET /api/me/notices: the person's choices, every kind with its defaults filled in. */
export function useNotices() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: ({ signal }) => api.get<NoticePreferences>('/api/me/notices', { signal }),
  });
}

/** PATCH /api/me/notices: the kinds given change; the answer is the whole set again. */
export function useSaveNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: NoticePreferencesUpdate) =>
      api.patch<NoticePreferences>('/api/me/notices', update),
    onSuccess: (answer) => queryClient.setQueryData(noticesKey, answer),
  });
}
