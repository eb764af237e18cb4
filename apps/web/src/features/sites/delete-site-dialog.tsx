import * as RadixDialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useDeleteSite, type SiteListItem } from './api';

/** Spec part 9: permanent deletion happens 30 days after it is scheduled. */
export const PURGE_AFTER_DAYS = 30;

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
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { siteId, clearSite } = useSession();
  const remove = useDeleteSite();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const busy = remove.isPending;
  const name = site?.name ?? '';
  const matches = site !== null && typed === name;

  const change = (next: boolean) => {
    if (!next && busy) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!site || !matches || busy) return;
    const wasCurrent = site.id === siteId;
    try {
      await remove.mutateAsync(site.id);
    } catch {
      toast.error(t('sites.delete.error', { name }));
      return;
    }
    setTyped('');
    onOpenChange(false);
    toast.success(t('sites.delete.success', { name }));
    if (wasCurrent) clearSite();
    // Nothing of the deleted site is shown again; then the user's sites reload.
    queryClient.removeQueries({ queryKey: queryKeys.site(site.id) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true });
    if (wasCurrent) {
      const remaining = queryClient.getQueryData<SiteListItem[]>(queryKeys.sites) ?? [];
      void navigate(remaining.length > 0 ? '/' : '/select-site', { replace: true });
    }
  };

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
            <div className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger-soft-fg">
                <TriangleAlert className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 space-y-1.5 pt-1">
                <RadixDialog.Title className="break-words text-lg font-semibold text-fg">
                  {t('sites.delete.title', { name })}
                </RadixDialog.Title>
                <RadixDialog.Description className="text-sm leading-relaxed text-fg-muted">
                  {t('sites.delete.warning')}
                </RadixDialog.Description>
              </div>
            </div>
            <ul className="mt-4 space-y-1.5 rounded-xl border border-danger/20 bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg">
              <li className="flex gap-2">
                <span aria-hidden="true">•</span>
                {t('sites.delete.users')}
              </li>
              <li className="flex gap-2">
                <span aria-hidden="true">•</span>
                {t('sites.delete.data')}
              </li>
              <li className="flex gap-2">
                <span aria-hidden="true">•</span>
                {t('sites.delete.retention', { count: PURGE_AFTER_DAYS })}
              </li>
            </ul>
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
