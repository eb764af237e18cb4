/** The guard's two visible parts (components/ui/use-form-guard.ts), shown by FormDialog and StepDialog. */
import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import type { FormGuard } from './use-form-guard';

/** "Discard this entry?" — Keep editing / Discard. */
export function DiscardPrompt({ guard }: { guard: FormGuard }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={guard.asking}
      onOpenChange={(next) => (next ? undefined : guard.keepEditing())}
      title={t('kit.draft.discardTitle')}
      description={t('kit.draft.discardBody')}
      confirmLabel={t('kit.draft.discard')}
      cancelLabel={t('kit.draft.keepEditing')}
      onConfirm={guard.discard}
      testId="discard-entry-dialog"
    />
  );
}

/** "Draft restored" at the top of a form that reopened with what was typed before. */
export function DraftRestoredNote({ guard }: { guard: FormGuard }) {
  const { t } = useTranslation();
  if (!guard.restored) return null;
  return (
    <Alert tone="info" testId="draft-restored">
      <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span>{t('kit.draft.restored')}</span>
        <Button
          variant="link"
          className="text-sm"
          onClick={guard.discardDraft}
          data-testid="draft-discard"
        >
          {t('kit.draft.discardDraft')}
        </Button>
      </span>
    </Alert>
  );
}
