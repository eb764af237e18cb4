import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInteger } from '../../lib/format';
import { StatIcon, type StatTone } from './stat-card';

/** One entry of a list card: a link to the record, its title, a detail line and maybe an amount. */
export interface ListRowProps {
  to: string;
  testId: string;
  title: string;
  detail: ReactNode;
  amount: string | null;
}

/**
 * A dashboard card (the figures' look) with a count and a short list of links: its title is
 * `<texts>.title`, and `<texts>.all` links to `more`, the whole list. `half` puts a card that
 * stands alone in a two-column row, so it is as wide as the purchasing cards above it.
 */
export function ListCard({
  testId,
  texts,
  count,
  icon: Icon,
  tone,
  more,
  rows,
  half = false,
}: {
  testId: string;
  texts: string;
  count: number;
  icon: LucideIcon;
  tone: StatTone;
  more: string;
  rows: ListRowProps[];
  half?: boolean;
}) {
  const { t } = useTranslation();
  const title = t(`${texts}.title`);
  const card = (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium text-fg-muted">{title}</h2>
          <p
            className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums"
            data-testid={`${testId}-count`}
          >
            {formatInteger(count)}
          </p>
        </div>
        <StatIcon icon={Icon} tone={tone} />
      </div>
      <ul className="mt-4 divide-y divide-border">
        {rows.map((row) => (
          <ListRow key={row.testId} {...row} />
        ))}
      </ul>
      <Link
        to={more}
        className="mt-3 self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        {t(`${texts}.all`)}
      </Link>
    </section>
  );
  return half ? <div className="grid gap-6 lg:grid-cols-2">{card}</div> : card;
}

function ListRow({ to, testId, title, detail, amount }: ListRowProps) {
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        className="group -mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-fg">{title}</span>
          <span className="mt-0.5 block text-xs text-fg-muted">{detail}</span>
        </span>
        {amount ? <span className="shrink-0 text-sm tabular-nums text-fg">{amount}</span> : null}
        <ChevronRight
          className="size-4 shrink-0 text-fg-subtle group-hover:text-primary"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}
