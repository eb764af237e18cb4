import type { Language } from '@siteledger/domain';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/ui/section-card';
import { useChooseLanguage } from '../../lib/choose-language';
import { isLanguage } from '../../lib/i18n';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '../../lib/theme';
import { ChoiceGroup, type Choice } from './choice-group';

/** Language names in their own script, as in the top bar's selector. */
const LANGUAGES: Choice<Language>[] = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'hi', label: 'हिन्दी', lang: 'hi' },
];

const THEME_ICONS: Record<ThemePreference, typeof Sun> = {
  light: Sun,
  dark: Moon,
  system: Monitor,
};

/**
 * The same settings as the top bar's language selector and theme toggle, kept on this device (the
 * language also on the server, for the person's notices).
 */
export function PreferencesCard() {
  const { t, i18n } = useTranslation();
  const { preference, setPreference } = useTheme();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const chooseLanguage = useChooseLanguage();
  const themes: Choice<ThemePreference>[] = THEME_PREFERENCES.map((option) => {
    const Icon = THEME_ICONS[option];
    return {
      value: option,
      label: t(`preferences.theme.${option}`),
      icon: <Icon aria-hidden="true" />,
    };
  });

  return (
    <SectionCard testId="profile-preferences" texts="profile.preferences" bodyClassName="space-y-5">
      <ChoiceGroup
        legend={t('preferences.language')}
        name="profile-language"
        value={language}
        choices={LANGUAGES}
        onChange={chooseLanguage}
        testId="profile-language"
      />
      <ChoiceGroup
        legend={t('preferences.appearance')}
        name="profile-theme"
        value={preference}
        choices={themes}
        onChange={setPreference}
        testId="profile-theme"
      />
    </SectionCard>
  );
}
