import { useState } from 'react';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A banner the person dismissed in this tab, remembered by the signature of what it said under
 * `key` (sessionStorage): it returns once the signature changes. `dismissed(signature)` tells
 * whether this one was dismissed; `dismiss(signature)` hides it.
 */
export function useDismissed(key: string) {
  const [dismissedSignature, setDismissed] = useState(() => read(key));
  return {
    dismissed: (signature: string) => dismissedSignature === signature,
    dismiss: (signature: string) => {
      try {
        window.sessionStorage.setItem(key, signature);
      } catch {
        // Storage unavailable: the banner is hidden until the page reloads.
      }
      setDismissed(signature);
    },
  };
}
