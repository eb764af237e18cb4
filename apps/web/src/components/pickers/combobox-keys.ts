/** Keyboard rules of the picker popover (components/pickers/combobox.tsx), kept pure for tests. */

/** The option index after ↑ (-1) or ↓ (+1), wrapping at the ends; 0 when the list is empty. */
export function moveActive(active: number, delta: number, length: number): number {
  if (length <= 0) return 0;
  return (active + delta + length) % length;
}

/**
 * What Enter does: choose the highlighted option; with none shown while the server's answer for
 * the typed text is on its way, wait for it (and then choose its first option); else nothing.
 */
export function enterAction<T>(
  options: readonly T[],
  active: number,
  loading: boolean,
): { choose: T } | 'wait' | 'none' {
  const option = options[active] ?? options[0];
  if (option !== undefined) return { choose: option };
  return loading ? 'wait' : 'none';
}
