import { Turnstile, type TurnstileInstance } from '@marsidev/react-turnstile';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme';

/**
 * The Cloudflare Turnstile widget, shown only when the server publishes a site key
 * (GET /api/config). Reports a token, or null when it expires or fails.
 */
export const BotCheck = forwardRef<
  TurnstileInstance | undefined,
  { siteKey: string; onToken: (token: string | null) => void; error?: string | undefined }
>(function BotCheck({ siteKey, onToken, error }, ref) {
  const { i18n } = useTranslation();
  const { resolved } = useTheme();
  return (
    <div className="space-y-1.5" data-testid="bot-check">
      <Turnstile
        ref={ref}
        siteKey={siteKey}
        onSuccess={(token) => onToken(token)}
        onExpire={() => onToken(null)}
        onError={() => onToken(null)}
        options={{ theme: resolved, language: i18n.language, size: 'flexible' }}
      />
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
