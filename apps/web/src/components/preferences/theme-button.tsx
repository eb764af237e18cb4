import { Monitor, Moon, Sun } from 'lucide-react';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useTheme } from '../../lib/theme';

/** The trigger, shared by the menu and by the stand-in shown while the menu loads. */
export const ThemeButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(
  function ThemeButton({ className, ...props }, ref) {
    const { t } = useTranslation();
    const { preference, resolved } = useTheme();
    const Current = preference === 'system' ? Monitor : resolved === 'dark' ? Moon : Sun;
    return (
      <button
        ref={ref}
        type="button"
        data-testid="theme-toggle"
        aria-label={t('preferences.themeLabel', { theme: t(`preferences.theme.${preference}`) })}
        className={cn(
          'inline-flex size-9 items-center justify-center rounded-lg border border-border bg-surface text-fg-muted shadow-sm transition-colors hover:border-border-strong hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring data-[state=open]:text-fg',
          className,
        )}
        {...props}
      >
        <Current className="size-[18px]" aria-hidden="true" />
      </button>
    );
  },
);
