import type { ReactNode } from 'react';

/** A list row's name cell: the name, and a muted second line when there is one. */
export function NameCell({ name, detail }: { name: ReactNode; detail?: ReactNode }) {
  return (
    <div className="min-w-0 max-w-xs">
      <p className="truncate font-medium text-fg">{name}</p>
      {detail ? <p className="truncate text-xs text-fg-muted">{detail}</p> : null}
    </div>
  );
}
