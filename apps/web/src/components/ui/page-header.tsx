/**
 * The top of a page: optional back link, title, subtitle and action buttons (stacked on phones).
 *
 *   <PageHeader title={t('pages.items.title')} subtitle={t('pages.items.description')}
 *     back={{ to: '/items', label: t('…') }}
 *     actions={canCreate ? <Button icon={<Plus />} onClick={openAdd}>{t('…')}</Button> : null}
 *     testId="page-items" />
 *
 * `useAddAction(openAdd, enabled)` opens the page's add dialog on Alt+Shift+N and on the shell's
 * quick actions (the `siteledger:add` window event).
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/** Same name as the shell's ADD_ACTION_EVENT (app/shell/use-shortcuts.ts). */
export const ADD_ACTION_EVENT_NAME = 'siteledger:add';

export function useAddAction(handler: () => void, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const listener = () => latest.current();
    window.addEventListener(ADD_ACTION_EVENT_NAME, listener);
    return () => window.removeEventListener(ADD_ACTION_EVENT_NAME, listener);
  }, [enabled]);
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  /** Under the title row (badges, key facts). */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

export function PageHeader({
  title,
  subtitle,
  back,
  actions,
  children,
  className,
  testId,
}: PageHeaderProps) {
  return (
    <header className={cn('mb-6 space-y-3', className)} data-testid={testId}>
      {back ? (
        <Link
          to={back.to}
          className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-fg-muted hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          data-testid="page-back"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <h1 className="break-words text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
            {title}
          </h1>
          {subtitle ? <p className="text-sm text-fg-muted">{subtitle}</p> : null}
        </div>
        {actions ? (
          <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">{actions}</div>
        ) : null}
      </div>
      {children}
    </header>
  );
}
