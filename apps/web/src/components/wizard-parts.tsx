/**
 * The pieces a create wizard (deliveries, vendor returns) shares around its steps: the dialog
 * with its step buttons, and the page once saved. Their words
 * come from the wizard's locale section `<ns>.wizard.*` and `<ns>.saved.*`.
 *
 *   <WizardDialog ns="deliveries" testId="delivery-wizard" steps={…} step={step} lastStep={2} finished={…} … />
 *   <WizardSaved ns="deliveries" testId="delivery-saved" summary={…} total={…} badge={…} collection="deliveries" recordId={id} />
 *   <WizardSavedFooter ns="deliveries" testId="delivery-wizard" onView={…} onDone={…} />
 */
import { CheckCircle2, ExternalLink } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileCollection } from '../lib/files-api';
import { PhotoUploader } from './photo-uploader';
import { Button } from './ui/button';
import { StepDialog, StepNav } from './ui/step-dialog';
import type { FormGuard } from './ui/use-form-guard';
import type { DialogControl } from './dialog-control';

/** Back / Next / Save of a wizard (Cancel on its first step), worded from `<ns>.wizard`. */
function WizardNav({
  ns,
  ...nav
}: {
  ns: string;
  step: number;
  lastStep: number;
  busy: boolean;
  onCancel: () => void;
  onBack: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const labels = {
    back: t(`${ns}.wizard.back`),
    next: t(`${ns}.wizard.next`),
    save: t(`${ns}.wizard.save`),
  };
  return <StepNav {...nav} labels={labels} />;
}

/**
 * A create wizard's dialog: its title and the current step's hint, Back / Next / Save below (Cancel
 * on the first step), and once `finished` the saved page's own footer and no error or total.
 */
export function WizardDialog({
  ns,
  testId,
  steps,
  step,
  lastStep,
  finished,
  hint,
  busy,
  error,
  onSubmit,
  onBack,
  savedFooter,
  footerStart,
  guard,
  children,
  ...dialog
}: DialogControl & {
  ns: string;
  testId: string;
  steps: readonly string[];
  step: number;
  lastStep: number;
  finished: boolean;
  hint: string;
  busy: boolean;
  error: ReactNode;
  /** Next or Save, while not finished (the saved page submits nothing). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
  savedFooter: ReactNode;
  footerStart: ReactNode;
  guard: FormGuard;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <StepDialog
      {...dialog}
      title={t(`${ns}.wizard.title`)}
      description={finished ? undefined : hint}
      steps={steps}
      step={finished ? steps.length : step}
      busy={busy}
      error={finished ? null : error}
      onSubmit={(event) => {
        if (!finished) return onSubmit(event);
        event.preventDefault();
      }}
      footer={
        finished ? (
          savedFooter
        ) : (
          <WizardNav
            ns={ns}
            step={step}
            lastStep={lastStep}
            busy={busy}
            onCancel={guard.requestClose}
            onBack={onBack}
            testId={testId}
          />
        )
      }
      footerStart={finished ? null : footerStart}
      guard={guard}
      testId={testId}
    >
      {children}
    </StepDialog>
  );
}

/** Once saved: the summary, the server's total with its status, and a chance to add photos. */
export function WizardSaved({
  ns,
  testId,
  summary,
  total,
  badge,
  children,
  collection,
  recordId,
}: {
  ns: string;
  testId: string;
  /** `<ns>.saved.summary`'s values: how many lines, which vendor. */
  summary: { count: number; vendor: string };
  total: string;
  badge: ReactNode;
  /** More figures under the total. */
  children?: ReactNode;
  collection: FileCollection;
  recordId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" data-testid={testId}>
      <div className="flex flex-col items-center gap-3 pt-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-success-soft text-success-soft-fg">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <p className="text-lg font-semibold text-fg">{t(`${ns}.saved.title`)}</p>
          <p className="text-sm text-fg-muted">{t(`${ns}.saved.summary`, summary)}</p>
        </div>
        <p className="flex items-center gap-3">
          <span
            className="text-2xl font-semibold tabular-nums text-fg"
            data-testid={`${testId}-total`}
          >
            {total}
          </span>
          {badge}
        </p>
        {children}
      </div>
      <section className="space-y-3 rounded-xl border border-border p-4">
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-fg">{t(`${ns}.saved.photosTitle`)}</h3>
          <p className="text-sm text-fg-muted">{t(`${ns}.saved.photosHint`)}</p>
        </div>
        <PhotoUploader collection={collection} recordId={recordId} testId={`${testId}-photos`} />
      </section>
    </div>
  );
}

const footerButton = 'sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm';

/** The saved page's footer: open the new record, or done. */
export function WizardSavedFooter({
  ns,
  testId,
  onView,
  onDone,
}: {
  ns: string;
  testId: string;
  onView: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        className={footerButton}
        icon={<ExternalLink className="size-4" aria-hidden="true" />}
        onClick={onView}
        data-testid={`${testId}-view`}
      >
        {t(`${ns}.saved.view`)}
      </Button>
      <Button size="lg" className={footerButton} onClick={onDone} data-testid={`${testId}-done`}>
        {t(`${ns}.saved.done`)}
      </Button>
    </>
  );
}
