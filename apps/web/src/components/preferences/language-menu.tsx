import type { Language } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { useChooseLanguage } from '../../lib/choose-language';
import { isLanguage, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { LanguageButton, NATIVE_NAMES } from './language-button';
import { RadioMenu } from './radio-menu';

/** The menu itself: Radix, loaded after the first paint (language-select.tsx). */
export default function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const choose = useChooseLanguage();
  return (
    <RadioMenu
      trigger={<LanguageButton className={className} />}
      title={t('preferences.language')}
      contentClassName="min-w-40"
      value={current}
      onChange={choose}
      options={SUPPORTED_LANGUAGES.map((language) => ({
        value: language,
        label: NATIVE_NAMES[language],
        lang: language,
        testId: `language-option-${language}`,
      }))}
    />
  );
}
