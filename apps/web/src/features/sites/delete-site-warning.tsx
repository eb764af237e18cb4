import * as RadixDialog from '@radix-ui/react-dialog';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Spec part 9: permanent deletion happens 30 days after it is scheduled. */
export const PURGE_AFTER_DAYS = 30;

/** The dialog's title and what deleting the site takes with it. */
export function DeleteSiteWarning({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
