import { CloudOff, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useOnlineStatus } from '../../lib/online-status';
import type { MusterDay } from './use-muster';

/**
 * Save, kept at the bottom of the screen while the list scrolls: how many rows changed, and how
 * many marks wait on this phone for the connection.
 */
export function MusterSaveBar({ day }: { day: MusterDay }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <div
      className={cn(
        'sticky z-10 flex min-w-0 items-center gap-3 rounded-2xl border border-border bg-surface/95 p-2 pl-3 shadow-pop backdrop-blur',
        // Level with the quick-action button of phones and left of it, never under it.
        'bottom-[calc(1rem+env(safe-area-inset-bottom)+var(--app-dock-height,0px))] mr-16 md:bottom-3 md:mr-0',
      )}
      data-testid="muster-save-bar"
    >
      <div className="min-w-0 flex-1 text-xs leading-snug">
        <p className="font-medium text-fg" data-testid="muster-changes">
          {day.changes > 0
            ? t('labour.muster.changes', { count: day.changes })
            : t('labour.muster.noChanges')}
        </p>
        {day.waiting > 0 ? (
          <p className="flex items-center gap-1 text-fg-muted" data-testid="muster-waiting">
            <CloudOff className="size-3 shrink-0" aria-hidden="true" />
            <span className="truncate">{t('labour.muster.waiting', { count: day.waiting })}</span>
          </p>
        ) : !online ? (
          <p className="text-fg-muted">{t('labour.muster.offlineSave')}</p>
        ) : null}
      </div>
      <Button
        size="lg"
        icon={<Save className="size-4" aria-hidden="true" />}
        loading={day.saving}
        disabled={day.changes === 0}
        onClick={day.submit}
        data-testid="muster-save"
      >
        {t('labour.muster.save')}
      </Button>
    </div>
  );
}
