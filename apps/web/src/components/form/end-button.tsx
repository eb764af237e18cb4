import { Button, type ButtonProps } from '../ui/button';

/**
 * A card's closing button (a form's submit, or the one action), at the right end; the whole
 * width on a phone.
 */
export function EndButton(props: Omit<ButtonProps, 'className'>) {
  return (
    <div className="flex justify-end">
      <Button {...props} className="w-full sm:w-auto" />
    </div>
  );
}
