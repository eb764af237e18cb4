import * as RadixDialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import type { SiteListItem } from './api';
import { DeleteSiteWarning } from './delete-site-warning';
import { useDeleteSiteFlow } from './use-delete-site-flow';

export { PURGE_AFTER_DAYS } from './delete-site-warning';

/**
 * Delete a site (owners): warns that users and data go permanently, enables the confirm button
 * only when the exact site name is typed, and cannot be closed while the deletion runs. Afterwards
 * the current site (if it was this one) is cleared, the sites reload and the user goes to `/`
 * when sites remain, else to `/select-site`.
 */
export function DeleteSiteDialog({
  site,
  open,
  onOpenChange,
}: {
  site: SiteListItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { typed, setTyped, busy, name, matches, change, confirm } = useDeleteSiteFlow(
    site,
    onOpenChange,
  );
  const inputId = useId();

  return (
    <RadixDialog.Root open={open} onOpenChange={change}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
        <RadixDialog.Content
          role="alertdialog"
          data-testid="delete-site-dialog"
          aria-busy={busy || undefined}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (busy) event.preventDefault();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-5 shadow-pop animate-pop-in focus:outline-none sm:p-6"
        >
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <DeleteSiteWarning name={name} />
            <div className="mt-5">
              <TextField
                id={inputId}
                label={
                  <>
                    {t('sites.delete.typeLabel')}{' '}
                    <span className="select-all break-all rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[13px] text-fg">
                      {name}
                    </span>
                  </>
                }
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                disabled={busy}
                hint={typed && !matches ? t('sites.delete.mismatch') : t('sites.delete.typeHint')}
                data-testid="delete-site-input"
              />
            </div>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                size="lg"
                className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
                onClick={() => change(false)}
                disabled={busy}
                data-testid="delete-site-cancel"
              >
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="danger"
                size="lg"
                className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
                disabled={!matches}
                loading={busy}
                data-testid="delete-site-confirm"
              >
                {t('sites.delete.confirm')}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
