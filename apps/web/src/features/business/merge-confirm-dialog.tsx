/**
 * What the account and vendor merges share (issue 47): a dialog for one group of duplicates that
 * first shows the server's preview — the kept one, the merged ones with their sites, what moves —
 * and merges on "Merge". Each merge brings its own hooks, its party line, its refusals and any
 * part of the preview only it has (account-merge-dialog.tsx, vendor-merge-dialog.tsx).
 */
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { ArrowRightLeft, BadgeCheck, Merge } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { ITEM, LIST, Section } from './merge-preview';

interface Party {
  id: string;
  name: string;
}

/**
 * What every merge answers: the kept one, the merged ones and how many records of each kind move
 * (`records`, or where the merge's `counts` finds them: the catalogue merge says `moved`).
 */
interface MergeResult {
  keep: Party;
  merged: readonly Party[];
  records?: Record<string, number>;
}

/**
 * "1 payment and 2 account entries" in the user's language, in the order of `tables` (a kind the
 * app does not know last, as "other"); null when nothing moves.
 */
export function recordsMoving(
  t: TFunction,
  language: string,
  keys: string,
  tables: readonly string[],
  records: Record<string, number>,
): string | null {
  const order = (table: string) => (tables.includes(table) ? tables.indexOf(table) : tables.length);
  const parts = Object.entries(records)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([table, count]) =>
      tables.includes(table)
        ? t(`${keys}.records.${table}`, { count })
        : t(`${keys}.records.other`, { count }),
    );
  if (parts.length === 0) return null;
  try {
    return new Intl.ListFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
      type: 'conjunction',
    }).format(parts);
  } catch {
    return parts.join(', ');
  }
}

/** A refusal the merge says in plain words: the body field naming it and a text per code. */
export interface Refusals {
  field: string;
  /** Code → translation key. */
  messages: Record<string, string>;
}

function failure(error: unknown, t: TFunction, refusals: Refusals): string {
  const field = isApiError(error) ? error.data[refusals.field] : undefined;
  if (typeof field === 'object' && field !== null && 'code' in field) {
    const { code } = field;
    // Own keys only: a code such as "constructor" is no refusal this merge knows.
    if (typeof code === 'string' && Object.hasOwn(refusals.messages, code)) {
      return t(refusals.messages[code] ?? '');
    }
  }
  return errorMessage(error, t);
}

/**
 * The preview, the refusal and Cancel/Merge. Test ids start with `testId` (`-preview`, `-keep`,
 * `-merged`, `-merged-<id>`, `-moves`, `-moves-text`, `-error`, `-cancel`, `-confirm`); strings
 * come from `keys` (`.keepTitle`, `.mergedTitle`, `.movesTitle`, `.moves`, `.nothingMoves`,
 * `.records.<table>`, `.records.other`, `.confirm`, `.done`).
 */
export function MergeConfirmForm<R extends MergeResult, V>({
  testId,
  keys,
  tables,
  preview,
  merge,
  variables,
  refusals,
  mergedIcon,
  renderParty,
  afterMerged,
  movesNote,
  counts = (result) => result.records ?? {},
  onDone,
}: {
  testId: string;
  keys: string;
  /** The kinds of record that move, in the order the sentence names them. */
  tables: readonly string[];
  preview: Pick<UseQueryResult<R>, 'data' | 'isPending' | 'error'>;
  merge: Pick<UseMutationResult<R, Error, V>, 'mutate' | 'isPending' | 'error'>;
  /** What "Merge" sends. */
  variables: V;
  refusals: Refusals;
  mergedIcon: ReactNode;
  /** The lines of the kept one and of each merged one. */
  renderParty: (party: R['keep'] | R['merged'][number]) => ReactNode;
  /** A part of the preview between the merged ones and what moves. */
  afterMerged?: (result: R) => ReactNode;
  /** A line under what moves. */
  movesNote?: ReactNode;
  /** How many records of each kind move (default: the result's `records`). */
  counts?: (result: R) => Record<string, number>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const confirm = () =>
    merge.mutate(variables, {
      onSuccess: (result) => {
        toast.success(t(`${keys}.done`, { name: result.keep.name }));
        onDone();
      },
    });
  const error = merge.error ?? preview.error;
  const result = preview.data;
  const moves = result ? recordsMoving(t, i18n.language, keys, tables, counts(result)) : null;

  return (
    <div className="space-y-5">
      {result ? (
        <div className="space-y-5" data-testid={`${testId}-preview`}>
          <Section
            icon={<BadgeCheck aria-hidden="true" className="text-success-soft-fg" />}
            title={t(`${keys}.keepTitle`)}
            testId={`${testId}-keep`}
          >
            <div className={`rounded-xl border border-border text-sm ${ITEM} bg-success-soft/40`}>
              {renderParty(result.keep)}
            </div>
          </Section>
          <Section
            icon={mergedIcon}
            title={t(`${keys}.mergedTitle`, { count: result.merged.length })}
            testId={`${testId}-merged`}
          >
            <ul className={LIST}>
              {result.merged.map((party) => (
                <li key={party.id} className={ITEM} data-testid={`${testId}-merged-${party.id}`}>
                  {renderParty(party)}
                </li>
              ))}
            </ul>
          </Section>
          {afterMerged?.(result)}
          <Section
            icon={<ArrowRightLeft aria-hidden="true" />}
            title={t(`${keys}.movesTitle`)}
            testId={`${testId}-moves`}
          >
            <p className="text-sm text-fg" data-testid={`${testId}-moves-text`}>
              {moves
                ? t(`${keys}.moves`, { records: moves, name: result.keep.name })
                : t(`${keys}.nothingMoves`)}
            </p>
            {movesNote}
          </Section>
        </div>
      ) : preview.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : null}
      {error ? (
        <Alert tone="error" testId={`${testId}-error`}>
          {failure(error, t, refusals)}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          className="h-11 sm:h-10"
          onClick={onDone}
          data-testid={`${testId}-cancel`}
        >
          {t('common.cancel')}
        </Button>
        <Button
          className="h-11 sm:h-10"
          icon={<Merge className="size-4" aria-hidden="true" />}
          disabled={!result || merge.isPending}
          loading={merge.isPending}
          onClick={confirm}
          data-testid={`${testId}-confirm`}
        >
          {t(`${keys}.confirm`)}
        </Button>
      </div>
    </div>
  );
}

/**
 * The dialog around one group's merge, open while there is a group: test id `${testId}-dialog`,
 * title `${keys}.title`, description `${keys}.description` with the group's name.
 */
export function MergeConfirmDialog<G extends { name: string }>({
  testId,
  keys,
  group,
  onOpenChange,
  children,
}: {
  testId: string;
  keys: string;
  /** The group to merge; null: closed. */
  group: G | null;
  onOpenChange: (open: boolean) => void;
  /** The form for the open group; `onDone` closes the dialog. */
  children: (group: G, onDone: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={group !== null}
      onOpenChange={onOpenChange}
      title={t(`${keys}.title`)}
      description={group ? t(`${keys}.description`, { name: group.name }) : null}
      testId={`${testId}-dialog`}
    >
      {group ? children(group, () => onOpenChange(false)) : null}
    </Dialog>
  );
}
