import type { Language } from '@siteledger/domain';
import { ChevronDown, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { changeLanguage, isLanguage, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import {
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuTrigger,
} from '../ui/menu';

/** Language names are written in their own script so anyone can find theirs. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };
const SHORT_NAMES: Record<Language, string> = { en: 'EN', hi: 'हि' };

/** en / हिन्दी; the choice is remembered and every text changes at once. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <MenuRoot>
      <MenuTrigger
        data-testid="language-select"
        aria-label={t('preferences.languageLabel', { language: NATIVE_NAMES[current] })}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-lg border border-border bg-surface px-2.5 text-sm font-medium text-fg shadow-sm transition-colors hover:border-border-strong focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
          className,
        )}
      >
        <Languages className="size-4 text-fg-muted" aria-hidden="true" />
        <span className="sm:hidden" lang={current}>
          {SHORT_NAMES[current]}
        </span>
        <span className="hidden sm:inline" lang={current}>
          {NATIVE_NAMES[current]}
        </span>
        <ChevronDown className="hidden size-3.5 text-fg-subtle sm:block" aria-hidden="true" />
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
