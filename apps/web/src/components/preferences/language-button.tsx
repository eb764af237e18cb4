import type { Language } from '@siteledger/domain';
import { ChevronDown, Languages } from 'lucide-react';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { isLanguage } from '../../lib/i18n';

/** Language names are written in their own script so anyone can find theirs. */
export const NATIVE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };
const SHORT_NAMES: Record<Language, string> = { en: 'EN', hi: 'हि' };

/** The trigger, shared by the menu and by the stand-in shown while the menu loads. */
export const LanguageButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement>
>(function LanguageButton({ className, ...props }, ref) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <button
      ref={ref}
      type="button"
      data-testid="language-select"
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-lg border border-border bg-surface px-2.5 text-sm font-medium text-fg shadow-sm transition-colors hover:border-border-strong focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      <Languages className="size-4 text-fg-muted" aria-hidden="true" />
      {/* The name a screen reader says starts with what is on the button ("EN" / "English"). */}
      <span className="sr-only">{t('preferences.languageLabel', { language: '' }).trim()}</span>
      <span className="sm:hidden" lang={current}>
        {SHORT_NAMES[current]}
      </span>
      <span className="hidden sm:inline" lang={current}>
        {NATIVE_NAMES[current]}
      </span>
      <ChevronDown className="hidden size-3.5 text-fg-subtle sm:block" aria-hidden="true" />
    </button>
  );
});
