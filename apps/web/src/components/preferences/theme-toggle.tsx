import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '../../lib/theme';
import {
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuTrigger,
} from '../ui/menu';

const ICONS: Record<ThemePreference, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Light / dark / system. "System" follows the operating system live. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { preference, resolved, setPreference } = useTheme();
  const Current = preference === 'system' ? Monitor : resolved === 'dark' ? Moon : Sun;
  return (
    <MenuRoot>
      <MenuTrigger
        data-testid="theme-toggle"
        aria-label={t('preferences.themeLabel', { theme: t(`preferences.theme.${preference}`) })}
        className={cn(
          'inline-flex size-9 items-center justify-center rounded-lg border border-border bg-surface text-fg-muted shadow-sm transition-colors hover:border-border-strong hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring data-[state=open]:text-fg',
          className,
        )}
      >
        <Current className="size-[18px]" aria-hidden="true" />
      </MenuTrigger>
      <MenuContent className="min-w-44">
        <MenuLabel>{t('preferences.appearance')}</MenuLabel>
        <MenuRadioGroup
          value={preference}
          onValueChange={(value) => {
            const next = THEME_PREFERENCES.find((option) => option === value);
            if (next) setPreference(next);
          }}
        >
          {THEME_PREFERENCES.map((option) => {
            const Icon = ICONS[option];
            return (
              <MenuRadioItem key={option} value={option} data-testid={`theme-option-${option}`}>
                <Icon aria-hidden="true" />
                {t(`preferences.theme.${option}`)}
              </MenuRadioItem>
            );
          })}
        </MenuRadioGroup>
      </MenuContent>
    </MenuRoot>
  );
}
