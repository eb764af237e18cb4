import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast-store';
import type { ToastApi } from '../../lib/toast-store';
import { Toaster } from './toaster';

export type { Toast, ToastInput, ToastType } from '../../lib/toast-store';
export { TOAST_DURATION_MS } from '../../lib/toast-store';

/**
 * Mounts the toaster beside the app. Toasts themselves live in `lib/toast-store` so code outside
 * React can raise them; unmounting drops them (and their timers) as the old context state did.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  useEffect(() => () => toast.clear(), []);
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

/** The toast API for components; a stable object, the same one `lib/toast-store` exports. */
export function useToast(): ToastApi {
  return toast;
}
