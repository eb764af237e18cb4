import type { ReactNode } from 'react';

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
