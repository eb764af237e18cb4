/**
 * The frame of a multi-step form: centred on laptops, a full-screen sheet on phones, like the
 * kit's FormDialog, with a progress stepper under the title and a caller-defined footer (Back /
 * Next / Save, usually `StepNav`). Nothing closes it while `busy`.
 */
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { DialogFrame, DialogHeading } from './dialog-parts';
import { SheetBody, SheetClose, sheetClasses, sheetFrame } from './sheet-parts';
import type { FormGuard } from './use-form-guard';

export function StepDialog({
  open,
  onOpenChange,
  title,
  description,
  steps,
  step,
  onSubmit,
  busy = false,
  error,
  footer,
  footerStart,
  children,
  guard,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Step names; `step` is the current index (steps.length = finished). */
  steps: readonly string[];
  step: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  error?: ReactNode;
  footer: ReactNode;
  footerStart?: ReactNode;
  children: ReactNode;
  /** Asks before typed work is discarded and keeps its draft (use-form-guard.ts). */
  guard?: FormGuard | undefined;
  testId?: string;
}) {
  const body = useRef<HTMLDivElement>(null);
  // Each step starts at its top.
  useEffect(() => {
    body.current?.scrollTo({ top: 0 });
  }, [step]);
  const { frame } = sheetFrame({ open, onOpenChange, busy, guard, testId });
  return (
    <DialogFrame
      {...frame}
      onEscapeKeyDown={(event) => busy && event.preventDefault()}
      onInteractOutside={(event) => event.preventDefault()}
      className={sheetClasses('sm:max-w-4xl')}
    >
      <form
        onSubmit={onSubmit}
        onKeyDownCapture={guard?.noteInput}
        onPointerDownCapture={guard?.noteInput}
        noValidate
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="border-b border-border px-4 pb-3 pt-3.5 sm:px-6 sm:pt-6">
          <div className="flex items-start justify-between gap-4">
            <DialogHeading title={title} description={description} className="min-w-0 space-y-1" />
            <SheetClose busy={busy} testId={testId ? `${testId}-close` : undefined} />
          </div>
          <Stepper steps={steps} step={step} testId={testId ? `${testId}-stepper` : undefined} />
        </div>
        <SheetBody
          ref={body}
          open={open}
          error={error}
          guard={guard}
          testId={testId}
          className="sm:py-5"
        >
          {children}
        </SheetBody>
        <div className="flex flex-col gap-3 border-t border-border px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:py-4">
          <div className="min-w-0 text-sm">{footerStart}</div>
          <div className="flex gap-3 [&>*]:flex-1 sm:[&>*]:flex-none">{footer}</div>
        </div>
      </form>
    </DialogFrame>
  );
}

function Stepper({
  steps,
  step,
  testId,
}: {
  steps: readonly string[];
  step: number;
  testId?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ol
      className="mt-3 flex items-center gap-2"
      aria-label={t('kit.wizard.progress', {
        step: Math.min(step + 1, steps.length),
        total: steps.length,
      })}
      data-testid={testId}
    >
      {steps.map((name, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li
            key={name}
            className="flex min-w-0 flex-1 items-center gap-2"
            aria-current={current ? 'step' : undefined}
            data-state={done ? 'done' : current ? 'current' : 'upcoming'}
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset',
                done && 'bg-primary text-primary-fg ring-primary',
                current && 'bg-primary-soft text-primary-soft-fg ring-primary',
                !done && !current && 'bg-surface text-fg-subtle ring-border',
              )}
              aria-hidden="true"
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span
              className={cn(
                'truncate text-sm',
                current ? 'font-semibold text-fg' : done ? 'text-fg' : 'text-fg-muted',
                !current && 'hidden sm:inline',
              )}
            >
              {name}
            </span>
            {index < steps.length - 1 ? (
              <span
                className={cn('h-px min-w-3 flex-1', done ? 'bg-primary' : 'bg-border')}
                aria-hidden="true"
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

const footerButton = 'sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm';

/**
 * A wizard's footer buttons: Cancel on the first step, else Back; Next (a submit that the
 * dialog's onSubmit turns into "check this step and go on") until the last step, then Save.
 * Test ids: `{testId}-cancel`, `-back`, `-next`, `-save`.
 */
export function StepNav({
  step,
  lastStep,
  busy,
  labels,
  onCancel,
  onBack,
  testId,
}: {
  step: number;
  lastStep: number;
  busy: boolean;
  labels: { back: string; next: string; save: string };
  onCancel: () => void;
  onBack: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {step === 0 ? (
        <Button
          variant="secondary"
          size="lg"
          className={footerButton}
          onClick={onCancel}
          data-testid={`${testId}-cancel`}
        >
          {t('common.cancel')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="lg"
          className={footerButton}
          icon={<ArrowLeft className="size-4" aria-hidden="true" />}
          disabled={busy}
          onClick={onBack}
          data-testid={`${testId}-back`}
        >
          {labels.back}
        </Button>
      )}
      {step < lastStep ? (
        <Button
          type="submit"
          size="lg"
          className={`flex-row-reverse ${footerButton}`}
          icon={<ArrowRight className="size-4" aria-hidden="true" />}
          data-testid={`${testId}-next`}
        >
          {labels.next}
        </Button>
      ) : (
        <Button
          type="submit"
          size="lg"
          className={footerButton}
          loading={busy}
          icon={<Check className="size-4" aria-hidden="true" />}
          data-testid={`${testId}-save`}
        >
          {labels.save}
        </Button>
      )}
    </>
  );
}

/** The running total at the footer's start. */
export function StepTotal({
  label,
  amount,
  testId,
}: {
  label: ReactNode;
  amount: ReactNode;
  testId: string;
}) {
  return (
    <p className="flex items-baseline justify-between gap-3 sm:justify-start">
      <span className="text-fg-muted">{label}</span>
      <span className="text-lg font-semibold tabular-nums text-fg" data-testid={testId}>
        {amount}
      </span>
    </p>
  );
}
