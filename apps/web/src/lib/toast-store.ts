/**
 * Toasts as a small store outside React (as bulletproof-react keeps its notifications), so code in
 * `lib/` and plain functions can call `toast.success(…)` without importing a component. The
 * design system's `<Toaster />` subscribes with `useToasts()`; components keep `useToast()`.
 */
import { useSyncExternalStore } from 'react';

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

/** At most this many toasts are on screen; a new one pushes the oldest out. */
const MAX_VISIBLE = 5;

let toasts: readonly Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function dismiss(id: string): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((item) => item.id === id)) publish(toasts.filter((item) => item.id !== id));
}

function show({
  message,
  type = 'info',
  duration = TOAST_DURATION_MS,
  persistent,
}: ToastInput): string {
  counter += 1;
  const id = `toast-${counter}`;
  const isPersistent = persistent ?? type === 'error';
  publish([
    ...toasts.slice(-(MAX_VISIBLE - 1)),
    { id, message, type, duration, persistent: isPersistent },
  ]);
  if (!isPersistent)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

/** Removes every toast and its timer (the toaster unmounting, or a test starting fresh). */
function clear(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  if (toasts.length > 0) publish([]);
}

export interface ToastApi {
  show: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  clear: () => void;
  success: (message: string) => string;
  error: (message: string) => string;
  info: (message: string) => string;
  warning: (message: string) => string;
}

/** Callable anywhere, inside React or not; each call returns the toast's id for `dismiss`. */
export const toast: ToastApi = {
  show,
  dismiss,
  clear,
  success: (message) => show({ message, type: 'success' }),
  error: (message) => show({ message, type: 'error' }),
  info: (message) => show({ message, type: 'info' }),
  warning: (message) => show({ message, type: 'warning' }),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen now, oldest first. */
export function getToasts(): readonly Toast[] {
  return toasts;
}

/** Re-renders the caller whenever a toast appears or goes. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
