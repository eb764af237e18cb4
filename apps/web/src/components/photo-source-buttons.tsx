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
  return (
    <>
      {touch ? (
        <Button
          variant="secondary"
          className="h-11 flex-1 sm:flex-none"
          disabled={disabled}
          onClick={() => camera.current?.click()}
          icon={<Camera className="size-4" aria-hidden="true" />}
          aria-describedby={describedBy}
          data-testid={`${testId}-camera`}
        >
          {t('kit.files.takePhoto')}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        className="h-11 flex-1 sm:h-10 sm:flex-none"
        disabled={disabled}
        onClick={() => pick.current?.click()}
        icon={<ImagePlus className="size-4" aria-hidden="true" />}
        aria-describedby={describedBy}
        data-testid={`${testId}-choose`}
      >
        {t('kit.files.choose')}
      </Button>
    </>
  );
}
