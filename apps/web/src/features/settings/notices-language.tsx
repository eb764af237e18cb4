import type { Language } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES } from '../../components/preferences/language-button';
import { Button } from '../../components/ui/button';
import { isLanguage } from '../../lib/i18n';

/**
 * Which language the person's notices come in (the server's copy: never chosen means English).
 * Switching the app's language sets it; when the two differ (the app's language was chosen
 * before signing in, say), one tap brings the notices over.
 */
export function NoticesLanguage({
  saved,
  saving,
  onUse,
}: {
  saved: Language | null;
  saving: boolean;
  onUse: (language: Language) => void;
}) {
  const { t, i18n } = useTranslation();
  const notices = saved ?? 'en';
  const app: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="notices-language">
      <p className="min-w-0 flex-1 basis-56 text-sm text-fg-muted">
        {t('notices.language', { language: NATIVE_NAMES[notices] })}
      </p>
      {notices !== app ? (
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={saving}
          onClick={() => onUse(app)}
          data-testid="notices-language-use"
        >
          {t('notices.useLanguage', { language: NATIVE_NAMES[app] })}
        </Button>
      ) : null}
    </div>
  );
}
