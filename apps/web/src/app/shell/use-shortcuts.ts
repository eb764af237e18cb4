import { permissionsFor } from '@siteledger/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { NAV_ITEMS } from '../../lib/navigation';
import { useSession } from '../../lib/session';

/** Fired by Alt+Shift+N; the current page opens its own add/new dialog when it has one. */
export const ADD_ACTION_EVENT = 'siteledger:add';

/** Alt+Shift+letter → navigation (spec part 2); KeyboardEvent.code keeps it layout-proof. */
export function letterOf(event: KeyboardEvent): string | null {
  const match = /^Key([A-Z])$/.exec(event.code);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * Registers the keyboard shortcuts and reports whether Alt and Shift are held (for the help
 * overlay).
 */
export function useShortcuts(): boolean {
  const navigate = useNavigate();
  const { role } = useSession();
  const [held, setHeld] = useState(false);

  useEffect(() => {
    const permissions = permissionsFor(role);
    const onKeyDown = (event: KeyboardEvent) => {
      setHeld(event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey);
      if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
      const letter = letterOf(event);
      if (!letter) return;
      if (letter === 'n') {
        event.preventDefault();
        window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT));
        return;
      }
      const target = NAV_ITEMS.find((item) => item.shortcut === letter);
      if (!target || !permissions[target.permission]) return;
      event.preventDefault();
      setHeld(false);
      void navigate(target.path);
    };
    const onKeyUp = (event: KeyboardEvent) => setHeld(event.altKey && event.shiftKey);
    const release = () => setHeld(false);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', release);
    };
  }, [navigate, role]);

  return held;
}
