/**
 * A dashboard card of linked figure tiles (the Labour and Petty cash cards): a title, then one
 * tile per figure the dashboard's answer carries — icon, label, value, caption — each opening its
 * page. Test ids: `dashboard-{id}`, `dashboard-{id}-{tile}`, `dashboard-{id}-{tile}-value`.
 */
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { IconChip, type IconTone } from './ui/figure-parts';

export interface DashboardTile {
  id: string;
  to: string;
  label: string;
  value: string;
  caption: string;
  icon: LucideIcon;
  tone: IconTone;
}

/** Literal classes, so the stylesheet keeps them. */
const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

export function DashboardTilesCard({
  id,
  title,
  tiles,
  columns,
}: {
  id: string;
  title: string;
  tiles: readonly DashboardTile[];
  columns: keyof typeof COLUMNS;
}) {
  if (tiles.length === 0) return null;
  return (
    <section
      aria-labelledby={`dashboard-${id}-title`}
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid={`dashboard-${id}`}
    >
      <h2 id={`dashboard-${id}-title`} className="mb-4 text-base font-semibold text-fg">
        {title}
      </h2>
      <div className={`grid grid-cols-1 gap-3 ${COLUMNS[columns]}`}>
        {tiles.map((tile) => (
          <Link
            key={tile.id}
            to={tile.to}
            className="flex min-w-0 items-start gap-3 rounded-xl bg-surface-muted/70 p-3.5 transition-colors hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            data-testid={`dashboard-${id}-${tile.id}`}
          >
            <IconChip
              icon={tile.icon}
              tone={tile.tone}
              className="flex size-9 shrink-0 items-center justify-center rounded-lg"
              iconClassName="size-4"
            />
            <span className="min-w-0">
              <span className="block text-xs font-medium text-fg-muted">{tile.label}</span>
              <span
                className="block truncate text-lg font-semibold tabular-nums text-fg"
                data-testid={`dashboard-${id}-${tile.id}-value`}
              >
                {tile.value}
              </span>
              <span className="block text-xs text-fg-subtle">{tile.caption}</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
