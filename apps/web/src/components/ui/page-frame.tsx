/**
 * A page of its own (a report, a stock count, a record's page): its header — title, subtitle,
 * back link, actions — over its sections, all spaced alike. `testId` names the page (`page-…`).
 * A page whose header is fixed text names its i18n group instead: `<texts>.title` and
 * `<texts>.description`.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, type PageHeaderProps } from './page-header';

export function PageFrame({
  testId,
  texts,
  title,
  subtitle,
  children,
  ...header
}: Omit<PageHeaderProps, 'title' | 'children' | 'className' | 'testId'> & {
  title?: ReactNode;
  texts?: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" data-testid={testId}>
      <PageHeader
        className="mb-0"
        title={texts ? t(`${texts}.title`) : title}
        subtitle={texts ? t(`${texts}.description`) : subtitle}
        {...header}
      />
      {children}
    </div>
  );
}
