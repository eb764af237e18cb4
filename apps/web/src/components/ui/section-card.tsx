import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from './card';

export interface SectionCardProps {
  testId: string;
  title: ReactNode;
  /** The muted line under the title. */
  description?: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** Rendered after the body inside the card: the card's dialogs. */
  after?: ReactNode;
  children: ReactNode;
}

/** The titled card a settings, profile or report section sits in. */
export function SectionCard({
  testId,
  title,
  description,
  className,
  bodyClassName,
  after,
  children,
}: SectionCardProps) {
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
