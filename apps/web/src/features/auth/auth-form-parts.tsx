/**
 * Pieces the account pages share: the footer's "switch to the other one" link, a failed request's
 * message, the bot check (only
 * when the server has a Turnstile key), the email field, the full-width submit button and the card
 * a finished step shows.
 */
import { forwardRef, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField, type TextFieldProps } from '../../components/ui/text-field';
import { failureMessage } from '../../lib/api-client';
import type { useBotCheck } from './use-bot-check';

// Cloudflare's widget only where the server publishes a site key: it stays out of the sign-in
// page's first JavaScript (issue 42).
const BotCheck = lazy(() => import('./bot-check').then((m) => ({ default: m.BotCheck })));

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

/** A failed sign-in or sign-up: the server's words, else `fallbackKey`'s. */
export function AuthFailure({
  failed,
  fallbackKey,
  testId,
}: {
  failed: { isError: boolean; error: unknown };
  fallbackKey: string;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!failed.isError) return null;
  return (
    <Alert tone="error" testId={testId}>
      {failureMessage(failed.error, t, fallbackKey)}
    </Alert>
  );
}

export function AuthBotCheck({ bot }: { bot: ReturnType<typeof useBotCheck> }) {
  const { t } = useTranslation();
  if (!bot.siteKey) return null;
  return (
    <Suspense fallback={null}>
      <BotCheck
        ref={bot.widget}
        siteKey={bot.siteKey}
        onToken={bot.onToken}
        error={bot.missing ? t('auth.botCheck.required') : undefined}
      />
    </Suspense>
  );
}

export function AuthSubmit({
  loading,
  icon,
  testId,
  children,
}: {
  loading: boolean;
  icon?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" fullWidth loading={loading} icon={icon} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The sign-in address, as sign-in, registering and a forgotten password ask for it. */
export const EmailField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label'>>(
  function EmailField(props, ref) {
    const { t } = useTranslation();
    return (
      <TextField
        ref={ref}
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth.fields.emailPlaceholder')}
        {...props}
      />
    );
  },
);

/** The round icon over a step's outcome (done, sent, failed). */
export function AuthOutcomeIcon({
  tone,
  children,
}: {
  tone: 'success' | 'danger';
  children: ReactNode;
}) {
  const tones = { success: 'bg-success-soft text-success', danger: 'bg-danger-soft text-danger' };
  return (
    <div
      className={`mx-auto mb-4 flex size-12 items-center justify-center rounded-full ${tones[tone]}`}
    >
      {children}
    </div>
  );
}

/** The card a finished step shows: its icon, what happened and where to go on. */
export function AuthDone({
  icon,
  testId,
  relaxed,
  action,
  children,
}: {
  icon: ReactNode;
  testId: string;
  /** Roomier lines, for the longer messages. */
  relaxed?: boolean;
  /** Where to go on: a full-width button. */
  action?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-6 text-center shadow-card">
      <AuthOutcomeIcon tone="success">{icon}</AuthOutcomeIcon>
      <p
        className={relaxed ? 'text-sm leading-relaxed text-fg-muted' : 'text-sm text-fg-muted'}
        data-testid={testId}
      >
        {children}
      </p>
      {action ? (
        <Link to={action.to} className={buttonClasses('primary', 'lg', true) + ' mt-6'}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** A page opened without its mailed link's token. */
export function MissingToken() {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={t('auth.reset.missingTokenTitle')}>
      {t('auth.reset.missingToken')}
    </Alert>
  );
}
