import type { ReactNode } from 'react';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { gstinStateOf, StateSelect } from './gst-fields';

/**
 * A form's `state_code` beside its `gstin`: a GSTIN names its state, so while a valid one is typed
 * the select shows that state, locked; otherwise it is chosen by hand.
 */
export function GstinStateSelect<
  T extends FieldValues & { gstin?: string | null; state_code?: string | null },
>({
  control,
  label,
  hints,
  error,
  testId,
}: {
  control: Control<T>;
  label: ReactNode;
  hints: { fromGstin: ReactNode; byHand: ReactNode };
  error: string | undefined;
  testId: string;
}) {
  // The constraint on T guarantees both fields; TypeScript cannot see a literal as a generic Path.
  const gstin: unknown = useWatch({ control, name: 'gstin' as Path<T> });
  const fromGstin = gstinStateOf(typeof gstin === 'string' ? gstin : null);
  return (
    <Controller
      control={control}
      name={'state_code' as Path<T>}
      render={({ field }) => (
        <StateSelect
          ref={field.ref}
          name={field.name}
          label={label}
          optional={!fromGstin}
          value={fromGstin ?? (field.value as string | null | undefined)}
          disabled={Boolean(fromGstin)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          hint={fromGstin ? hints.fromGstin : hints.byHand}
          error={error}
          data-testid={testId}
        />
      )}
    />
  );
}
