import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** Public configuration from GET /api/config. */
export interface AppConfig {
  turnstile_site_key: string | null;
  version: string;
}

const FALLBACK: AppConfig = { turnstile_site_key: null, version: '0.10.1' };

/** Fails soft: without the endpoint the bot check is simply off. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: async (): Promise<AppConfig> => {
      try {
        const config = await api.get<Partial<AppConfig>>('/api/config', { anonymous: true });
        return {
          turnstile_site_key: config.turnstile_site_key || null,
          version: config.version ?? FALLBACK.version,
        };
      } catch {
        return FALLBACK;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}
