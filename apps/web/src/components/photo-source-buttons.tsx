import { Camera, ImagePlus } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';

/**
 * "Take photo" (on touch screens: opens the camera) and "Choose photos": each clicks its hidden
 * file input. Shared by the record's uploader and a create form's photos.
 */
export function PhotoSourceButtons({
  touch,
  camera,
  pick,
  disabled,
  describedBy,
  testId,
}: {
  touch: boolean;
  camera: RefObject<HTMLInputElement | null>;
  pick: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
  /** The id of the hint under the buttons. */
  describedBy?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  // The camera button only on a touch screen (a phone or tablet has one to hand).
  const sources = [
    {
      name: 'camera',
      input: camera,
      icon: Camera,
      label: 'kit.files.takePhoto',
      className: 'h-11 flex-1 sm:flex-none',
    },
    {
      name: 'choose',
      input: pick,
      icon: ImagePlus,
      label: 'kit.files.choose',
      className: 'h-11 flex-1 sm:h-10 sm:flex-none',
    },
  ].filter((source) => touch || source.name !== 'camera');
  return sources.map(({ name, input, icon: Icon, label, className }) => (
    <Button
      key={name}
      variant="secondary"
      className={className}
      disabled={disabled}
      onClick={() => input.current?.click()}
      icon={<Icon className="size-4" aria-hidden="true" />}
      aria-describedby={describedBy}
      data-testid={`${testId}-${name}`}
    >
      {t(label)}
    </Button>
  ));
}
