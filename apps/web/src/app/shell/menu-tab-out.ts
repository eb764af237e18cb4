import { useRef, useState, type KeyboardEvent } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function reachable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.getClientRects().length === 0) return false;
  // Not the open menu itself (it is leaving).
  return !element.closest('[data-radix-popper-content-wrapper]');
}

/** The element Tab (or Shift+Tab) would reach from `from` in document order. */
export function tabNeighbour(from: HTMLElement, backwards: boolean): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element === from || reachable(element),
  );
  const index = all.indexOf(from);
  if (index < 0) return null;
  return all[backwards ? index - 1 : index + 1] ?? null;
}

/**
 * Spec part 2, user menu "supports Tab": Tab or Shift+Tab inside the open menu closes it and moves
 * focus on from its trigger, as if the menu had not been open (Radix keeps focus in the menu).
 */
export function useMenuTabOut<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<T>(null);
  const leaving = useRef<'forward' | 'backward' | null>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    leaving.current = event.shiftKey ? 'backward' : 'forward';
    setOpen(false);
  };

  const onCloseAutoFocus = (event: Event) => {
    const direction = leaving.current;
    leaving.current = null;
    const trigger = triggerRef.current;
    if (!direction || !trigger) return;
    const next = tabNeighbour(trigger, direction === 'backward');
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  return { open, onOpenChange: setOpen, triggerRef, contentProps: { onKeyDown, onCloseAutoFocus } };
}
