/** A dialog's open state as its owner holds it: what every dialog (and its state hook) is given. */
export interface DialogControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}
