import { Monitor, Moon, Sun } from 'lucide-react';
import { ThemeButton } from './theme-button';
import { useTranslation } from 'react-i18next';
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

/** The menu itself: Radix, loaded after the first paint (theme-toggle.tsx). */
export default function ThemeMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { preference, setPreference } = useTheme();
  return (
    <MenuRoot>
      <MenuTrigger asChild>
        <ThemeButton className={className} />
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
