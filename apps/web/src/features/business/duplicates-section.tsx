/**
 * What Settings → Business → "Duplicate vendors" and "Duplicate accounts" share (issue 47): the
 * section with its title and hint, the list of groups that look like one — each with "Merge" —
 * or why there is none, and the merge dialog of the chosen group. Each brings its own hook, the
 * inside of its row and its dialog (vendor-duplicates.tsx, account-duplicates.tsx).
 */
import { CheckCircle2, Merge } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { ITEM, LIST } from './merge-preview';

/**
 * Test ids: the section `${testId}s`, `${testId}s-error`, `${testId}s-empty`; each row `${testId}`,
 * its button `${testId}-merge-<first id>`. Strings from `keys`: `.title`, `.hint`, `.none`, `.merge`.
 */
export function DuplicatesSection<G>({
  testId,
  keys,
  duplicates,
  ids,
  renderGroup,
  renderDialog,
}: {
  testId: string;
  keys: string;
  duplicates: { data?: { groups: G[] }; error: unknown; isPending: boolean };
  /** The group's records, the first the one a merge keeps. */
  ids: (group: G) => string[];
  /** What the row says of the group (left of its "Merge"). */
  renderGroup: (group: G) => ReactNode;
  /** The merge dialog: open with the chosen group, closed with null. */
  renderDialog: (chosen: G | null, onOpenChange: (open: boolean) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<G | null>(null);
  const groups = duplicates.data?.groups ?? [];

  return (
    <section className="space-y-3 border-t border-border pt-4" data-testid={`${testId}s`}>
      <div>
        <h3 className="text-sm font-semibold text-fg">{t(`${keys}.title`)}</h3>
        <p className="mt-0.5 text-xs text-fg-muted">{t(`${keys}.hint`)}</p>
      </div>
      {duplicates.error ? (
        <Alert tone="error" testId={`${testId}s-error`}>
          {errorMessage(duplicates.error, t)}
        </Alert>
      ) : duplicates.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : groups.length === 0 ? (
        <p
          className="flex items-center gap-2 text-sm text-fg-muted"
          data-testid={`${testId}s-empty`}
        >
          <CheckCircle2 className="size-4 shrink-0 text-success-soft-fg" aria-hidden="true" />
          {t(`${keys}.none`)}
        </p>
      ) : (
        <ul className={LIST}>
          {groups.map((group) => (
            <li
              key={ids(group).join('-')}
              className={`${ITEM} flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between`}
              data-testid={testId}
            >
              {renderGroup(group)}
              <Button
                variant="secondary"
                className="h-11 sm:h-9"
                icon={<Merge className="size-4" aria-hidden="true" />}
                onClick={() => setChosen(group)}
                data-testid={`${testId}-merge-${ids(group)[0] ?? ''}`}
              >
                {t(`${keys}.merge`)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {renderDialog(chosen, (open) => {
        if (!open) setChosen(null);
      })}
    </section>
  );
}
