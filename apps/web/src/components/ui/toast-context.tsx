import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { Toaster } from './toaster';

/** Spec part 3 "toast": id, message, type, duration, persistent. */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
  persistent: boolean;
}

export interface ToastInput {
  message: string;
  type?: ToastType;
  duration?: number;
  persistent?: boolean;
}

/** Spec part 9: toasts last 4000 ms; error toasts persist until dismissed. */
export const TOAST_DURATION_MS = 4000;

interface ToastContextValue {
  toasts: Toast[];
  show: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  success: (message: string) => string;
  error: (message: string) => string;
  info: (message: string) => string;
}

const ToastContext = createContext<ToastContextValue | null>(null);

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    ({ message, type = 'info', duration = TOAST_DURATION_MS, persistent }: ToastInput) => {
      counter += 1;
      const id = `toast-${counter}`;
      const isPersistent = persistent ?? type === 'error';
      setToasts((list) => [
        ...list.slice(-4),
        { id, message, type, duration, persistent: isPersistent },
      ]);
      if (!isPersistent) {
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), duration),
        );
      }
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo<ToastContextValue>(
    () => ({
      toasts,
      show,
      dismiss,
      success: (message) => show({ message, type: 'success' }),
      error: (message) => show({ message, type: 'error' }),
      info: (message) => show({ message, type: 'info' }),
    }),
    [toasts, show, dismiss],
  );

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside ToastProvider');
  return context;
}
