import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '../../lib/theme';
import { RadioMenu } from './radio-menu';
import { ThemeButton } from './theme-button';

const ICONS: Record<ThemePreference, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** The menu itself: Radix, loaded after the first paint (theme-toggle.tsx). */
export default function ThemeMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { preference, setPreference } = useTheme();
  return (
    <RadioMenu
      trigger={<ThemeButton className={className} />}
      title={t('preferences.appearance')}
      contentClassName="min-w-44"
      value={preference}
      onChange={setPreference}
      options={THEME_PREFERENCES.map((option) => {
        const Icon = ICONS[option];
        return {
          value: option,
          label: (
            <>
              <Icon aria-hidden="true" />
              {t(`preferences.theme.${option}`)}
            </>
          ),
          testId: `theme-option-${option}`,
        };
      })}
    />
  );
}
