import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { colorChoices } from './tag-form';

/**
 * The tag colours as a radio group of swatches: arrow keys move between them, the chosen one
 * carries a tick. Five to a row on phones (44 px targets), ten from 640 px.
 */
export function ColorPalette({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (color: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const name = useId();
  const current = value.toLowerCase();
  const choices = colorChoices(current);
  return (
    <fieldset className="space-y-2" data-testid="tag-color">
      <legend className="text-sm font-medium text-fg">{t('tags.manage.fields.color')}</legend>
      <div className="grid grid-cols-5 gap-2 sm:grid-cols-10">
        {choices.map((color, index) => (
          <label
            key={color}
            className="relative flex justify-center"
            data-testid={`tag-color-${color.slice(1)}`}
          >
            <input
              type="radio"
              name={name}
              value={color}
              checked={color === current}
              onChange={() => onChange(color)}
              className="peer sr-only"
              aria-label={t('tags.manage.colorOption', { index: index + 1, color })}
            />
            <span
              className={cn(
                'flex size-11 cursor-pointer items-center justify-center rounded-full border-2 border-transparent shadow-sm transition-transform sm:size-9',
                'hover:scale-105 peer-focus-visible:ring-4 peer-focus-visible:ring-ring',
                'peer-checked:border-fg peer-checked:ring-2 peer-checked:ring-surface peer-checked:ring-inset',
              )}
              style={{ backgroundColor: color }}
              aria-hidden="true"
            >
              {color === current ? <Check className="size-4 text-white drop-shadow" /> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  );
}
