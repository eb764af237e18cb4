import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicHeader } from '../../components/preferences/public-header';
import { Logo } from '../../components/ui/logo';
import { useSession } from '../../lib/session';

type LegalDoc = 'terms' | 'privacy';

/** The sections of each page, in order (strings under `legal.<doc>.sections.<id>`). */
const SECTIONS: Record<LegalDoc, readonly string[]> = {
  terms: ['service', 'account', 'data', 'plans', 'ending', 'warranty'],
  privacy: ['stored', 'why', 'who', 'device', 'payments', 'deletion'],
};

const OTHER: Record<LegalDoc, LegalDoc> = { terms: 'privacy', privacy: 'terms' };

/**
 * Terms of Service and Privacy Policy (issue 20): public pages, reachable signed in or out,
 * linked from the register page's checkbox. Plain placeholders the server's operator may replace.
 */
function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const other = OTHER[doc];
  return (
    <div className="min-h-dvh bg-bg" data-testid={`legal-${doc}`}>
      <PublicHeader
        logo={
          <Link to={signedIn ? '/' : '/login'} aria-label={t('legal.home')}>
            <Logo />
          </Link>
        }
      />
      <main className="mx-auto w-full max-w-2xl px-4 pb-16 pt-4 sm:px-8">
        <article className="space-y-8">
          <header className="space-y-3">
            <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
              {t(`legal.${doc}.title`)}
            </h1>
            <p className="text-base leading-relaxed text-fg-muted">{t(`legal.${doc}.intro`)}</p>
            <p className="rounded-xl border border-border bg-surface-muted px-4 py-3 text-sm text-fg-muted">
              {t('legal.placeholder')}
            </p>
          </header>
          {SECTIONS[doc].map((id) => (
            <section key={id} className="space-y-2" aria-labelledby={`legal-${doc}-${id}`}>
              <h2 id={`legal-${doc}-${id}`} className="text-lg font-semibold text-fg">
                {t(`legal.${doc}.sections.${id}.title`)}
              </h2>
              <p className="text-sm leading-relaxed text-fg-muted sm:text-base">
                {t(`legal.${doc}.sections.${id}.body`)}
              </p>
            </section>
          ))}
        </article>
        <nav
          className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t border-border pt-6 text-sm"
          aria-label={t('legal.navLabel')}
        >
          <Link
            to={signedIn ? '/' : '/login'}
            className="inline-flex items-center gap-2 font-medium text-primary hover:underline"
            data-testid="legal-back"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {signedIn ? t('legal.backToApp') : t('legal.backToSignIn')}
          </Link>
          <Link
            to={`/${other}`}
            className="font-medium text-primary hover:underline"
            data-testid={`legal-link-${other}`}
          >
            {t(`legal.${other}.title`)}
          </Link>
        </nav>
      </main>
    </div>
  );
}

export function TermsPage() {
  return <LegalPage doc="terms" />;
}

export function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}
