/**
 * The lines of a form (a material request's, a transfer's, a purchase order's): one numbered card
 * per line with its remove button (one line always stays), then the list's error and the "add a
 * line" button, which focuses the new line's item. The fields of a line come from `children`.
 * Test ids: `<testId>-lines` on the list, `<testId>-line-<index>` on each card, and the footer's.
 */
import type { ReactNode } from 'react';
import {
  get,
  useFieldArray,
  useFormContext,
  type ArrayPath,
  type FieldArray,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LineCard } from '../record-fields/line-card';
import { LinesFooter } from '../record-fields/lines-footer';

interface ListErrors {
  root?: { message?: string };
  message?: string;
}

export function LinesEditor<T extends FieldValues, N extends ArrayPath<T>>({
  name,
  newLine,
  keys,
  canRemove = () => true,
  heading,
  testId,
  children,
}: {
  /** The lines' array in the form (`lines`, `items`); each line has an `item`. */
  name: N;
  newLine: () => FieldArray<T, N>;
  /** Where the texts sit: `<keys>.lineNumber` ("Item 2"), `.removeLine` and `.addLine`. */
  keys: string;
  /** Whether this line may be removed besides being one of several (e.g. nothing received yet). */
  canRemove?: (index: number) => boolean;
  /** A heading names the list's section (`aria-labelledby`). */
  heading?: { id: string; text: string };
  testId: string;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<T>();
  const { fields, append, remove } = useFieldArray<T, N>({ control, name });
  const listErrors = get(errors, name) as ListErrors | undefined;
  const lines = (
    <>
      <ol className="space-y-3" data-testid={`${testId}-lines`}>
        {fields.map((field, index) => (
          <LineCard
            key={field.id}
            label={t(`${keys}.lineNumber`, { number: index + 1 })}
            removeLabel={t(`${keys}.removeLine`, { number: index + 1 })}
            onRemove={fields.length > 1 && canRemove(index) ? () => remove(index) : undefined}
            testId={`${testId}-line-${index}`}
          >
            {children(index)}
          </LineCard>
        ))}
      </ol>
      <LinesFooter
        error={listErrors?.root?.message ?? listErrors?.message}
        addLabel={t(`${keys}.addLine`)}
        onAdd={() =>
          append(newLine(), { shouldFocus: true, focusName: `${name}.${fields.length}.item` })
        }
        testId={testId}
      />
    </>
  );
  if (!heading) return <div className="space-y-3">{lines}</div>;
  return (
    <section className="space-y-3" aria-labelledby={heading.id}>
      <h3 id={heading.id} className="text-sm font-semibold text-fg">
        {heading.text}
      </h3>
      {lines}
    </section>
  );
}
