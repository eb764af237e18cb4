import type { Language } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { LanguageButton, NATIVE_NAMES } from './language-button';
import {
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuTrigger,
} from '../ui/menu';

/** The menu itself: Radix, loaded after the first paint (language-select.tsx). */
export default function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <MenuRoot>
      <MenuTrigger asChild>
        <LanguageButton className={className} />
      </MenuTrigger>
      <MenuContent className="min-w-40">
        <MenuLabel>{t('preferences.language')}</MenuLabel>
        <MenuRadioGroup
          value={current}
          onValueChange={(value) => {
            if (isLanguage(value)) void changeLanguage(value);
          }}
        >
          {SUPPORTED_LANGUAGES.map((language) => (
            <MenuRadioItem
              key={language}
              value={language}
              lang={language}
              data-testid={`language-option-${language}`}
            >
              {NATIVE_NAMES[language]}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </MenuRoot>
  );
}
