import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader, CardTitle } from './card';

interface SectionCardBase {
  testId: string;
  className?: string;
  bodyClassName?: string;
  /** Rendered after the body inside the card: the card's dialogs. */
  after?: ReactNode;
  children: ReactNode;
}

export type SectionCardProps = SectionCardBase &
  (
    | {
        title: ReactNode;
        /** The muted line under the title. */
        description?: ReactNode;
        texts?: never;
      }
    | {
        /** The i18n group whose `title` and `description` the card shows. */
        texts: string;
        title?: never;
        description?: never;
      }
  );

/** The titled card a settings, profile or report section sits in. */
export function SectionCard({
  testId,
  className,
  bodyClassName,
  after,
  children,
  ...heading
}: SectionCardProps) {
  const { t } = useTranslation();
  const title = heading.texts ? t(`${heading.texts}.title`) : heading.title;
  const description = heading.texts ? t(`${heading.texts}.description`) : heading.description;
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
      </CardHeader>
      <CardBody className={bodyClassName}>{children}</CardBody>
      {after}
    </Card>
  );
}
