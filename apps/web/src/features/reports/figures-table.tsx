import type { ReactNode } from 'react';

const HEAD_CLASS = 'h-9 text-xs font-semibold uppercase tracking-wide text-fg-muted';

/**
 * A report card's wide table of figures: the row labels' column, then one right-aligned column
 * per figure; the rows (`<tr>`s) come as children.
 */
export function FiguresTable({
  firstHeader,
  headers,
  children,
}: {
  firstHeader: ReactNode;
  headers: readonly { key: string; label: ReactNode }[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-border bg-surface-muted/60">
            <th scope="col" className={`${HEAD_CLASS} px-3 text-left`}>
              {firstHeader}
            </th>
            {headers.map((header) => (
              <th
                key={header.key}
                scope="col"
                className={`${HEAD_CLASS} whitespace-nowrap px-3 text-right`}
              >
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
