import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '../ui/card';

/** One fact of a record's page (a label over its value), inside a `<dl>` grid. */
export function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-fg">{children}</dd>
    </div>
  );
}

/** A record page's card of facts: its `Fact`s in a grid of up to three columns. */
export function FactsCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</dl>
      </CardBody>
    </Card>
  );
}

/** A record page's card of lines: a title over a table that runs to the card's edges. */
export function LinesCard({
  title,
  bodyClassName = 'p-0 sm:p-0',
  children,
}: {
  title: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardBody className={bodyClassName}>{children}</CardBody>
    </Card>
  );
}
