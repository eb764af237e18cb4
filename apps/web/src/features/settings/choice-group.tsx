import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  lang?: string;
}

/** A row of radio buttons drawn as segments (keyboard: arrows move between them). */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  testId,
}: {
  legend: ReactNode;
  name: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  testId: string;
}) {
  return (
    <fieldset className="space-y-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      <div
        className="grid gap-1 rounded-xl bg-surface-muted p-1"
        style={{ gridTemplateColumns: `repeat(${choices.length}, minmax(0, 1fr))` }}
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex h-10 cursor-pointer items-center justify-center gap-2 rounded-lg px-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-ring [&_svg]:size-4',
              value === choice.value
                ? 'bg-surface text-fg shadow-card [&_svg]:text-primary'
                : 'text-fg-muted hover:text-fg',
            )}
            lang={choice.lang}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
              data-testid={`${testId}-${choice.value}`}
            />
            {choice.icon}
            <span className="truncate">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
