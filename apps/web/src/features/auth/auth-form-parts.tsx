/**
 * Pieces the sign-in and register forms share: the footer's "switch to the other one" link, the
 * bot check (only when the server has a Turnstile key) and the full-width submit button.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { BotCheck } from './bot-check';
import type { useBotCheck } from './use-bot-check';

/** "Don't have an account? Create one" under the card. */
export function AuthSwitch({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <>
      {text}{' '}
      <Link to={to} className="font-semibold text-primary hover:text-primary-hover">
        {link}
      </Link>
    </>
  );
}

export function AuthBotCheck({ bot }: { bot: ReturnType<typeof useBotCheck> }) {
  const { t } = useTranslation();
  if (!bot.siteKey) return null;
  return (
    <BotCheck
      ref={bot.widget}
      siteKey={bot.siteKey}
      onToken={bot.onToken}
      error={bot.missing ? t('auth.botCheck.required') : undefined}
    />
  );
}

export function AuthSubmit({
  loading,
  icon,
  testId,
  children,
}: {
  loading: boolean;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" fullWidth loading={loading} icon={icon} data-testid={testId}>
      {children}
    </Button>
  );
}
