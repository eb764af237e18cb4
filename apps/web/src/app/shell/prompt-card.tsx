import type { ReactNode } from 'react';

/**
 * A card the app floats above the page to offer something (install the app, take the new
 * version): a picture, a title, a line of detail and its buttons.
 */
export function PromptCard({
  id,
  testId,
  status = false,
  media,
  title,
  detail,
  children,
}: {
  /** The title's id, which names the card. */
  id: string;
  testId: string;
  /** Announced as a status (the update, which comes unasked). */
  status?: boolean;
  media: ReactNode;
  title: string;
  detail: string;
  /** The buttons. */
  children: ReactNode;
}) {
  return (
    <section
      role={status ? 'status' : undefined}
      aria-labelledby={id}
      data-testid={testId}
      className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-4 shadow-pop animate-toast-in"
    >
      {media}
      <div className="min-w-0 flex-1">
        <h2 id={id} className="text-sm font-semibold text-fg">
          {title}
        </h2>
        <p className="mt-0.5 text-sm leading-snug text-fg-muted">{detail}</p>
        <div className="mt-3 flex flex-wrap gap-2">{children}</div>
      </div>
    </section>
  );
}
