import { ArrowLeft, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { iconFor } from '../../lib/navigation';
import { useSession } from '../../lib/session';

/**
 * The screens that later releases fill in. `page` names the screen (an i18n key under `pages.`);
 * `parent` names the list a detail page belongs to.
 */
export function ComingSoonPage({
  page,
  parent,
}: {
  page: string;
  parent?: { key: string; path: string };
}) {
  const { t } = useTranslation();
  const { siteId } = useSession();
  const { id } = useParams();
  const Icon = iconFor(parent?.key ?? page);
  const back = parent
    ? { to: parent.path, label: t('comingSoon.backTo', { page: t(`pages.${parent.key}.title`) }) }
    : siteId
      ? { to: '/', label: t('comingSoon.backToDashboard') }
      : { to: '/select-site', label: t('comingSoon.backToSites') };

  return (
    <div className="space-y-6" data-testid={`page-${page}`}>
      <header className="space-y-1.5">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          {t(`pages.${page}.title`)}
        </h1>
        <p className="text-sm text-fg-muted">
          {t(`pages.${page}.description`)}
          {id ? <span className="ml-1 font-mono text-xs text-fg-subtle">#{id}</span> : null}
        </p>
      </header>
      <section
        className="relative overflow-hidden rounded-2xl border border-dashed border-border-strong bg-surface px-6 py-14 text-center sm:py-20"
        data-testid="coming-soon"
      >
        <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
          <Icon className="size-8" aria-hidden="true" />
        </div>
        <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-3 py-1 text-xs font-medium text-fg-muted">
          <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
          {t('comingSoon.badge')}
        </p>
        <h2 className="text-lg font-semibold text-fg">{t('comingSoon.title')}</h2>
        <p className="mx-auto mt-2 max-w-md text-sm leading-relaxed text-fg-muted">
          {t('comingSoon.description', { page: t(`pages.${page}.title`) })}
        </p>
        <Link to={back.to} className={`${buttonClasses('secondary', 'md')} mt-7`}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      </section>
    </div>
  );
}
