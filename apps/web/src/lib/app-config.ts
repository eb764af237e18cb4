import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** Public configuration from GET /api/config. */
export interface AppConfig {
  turnstile_site_key: string | null;
  version: string;
  /** Razorpay's public key; null when online payments are not configured on the server. */
  razorpay_key_id: string | null;
  /** Where the Razorpay Checkout script is loaded from (overridable on the server for tests). */
  razorpay_checkout_url: string;
  /** Largest accepted upload, in MB (MAX_UPLOAD_MB on the server). */
  max_upload_mb: number;
}

export const DEFAULT_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

const FALLBACK: AppConfig = {
  turnstile_site_key: null,
  version: '0.10.1',
  razorpay_key_id: null,
  razorpay_checkout_url: DEFAULT_CHECKOUT_URL,
  max_upload_mb: 10,
};

/** Fails soft: without the endpoint the bot check is simply off and checkout uses Razorpay's script. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: async (): Promise<AppConfig> => {
      try {
        const config = await api.get<Partial<AppConfig>>('/api/config', { anonymous: true });
        return {
          turnstile_site_key: config.turnstile_site_key || null,
          version: config.version ?? FALLBACK.version,
          razorpay_key_id: config.razorpay_key_id || null,
          razorpay_checkout_url: config.razorpay_checkout_url || DEFAULT_CHECKOUT_URL,
          max_upload_mb: config.max_upload_mb ?? FALLBACK.max_upload_mb,
        };
      } catch {
        return FALLBACK;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}
