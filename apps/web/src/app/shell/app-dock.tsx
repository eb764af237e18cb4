import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** Read by the floating quick-action button so it stays above whatever the dock shows. */
export const DOCK_HEIGHT_VAR = '--app-dock-height';

/**
 * The bottom dock: the update prompt, the install card and the offline banner, stacked at the
 * bottom centre of the page area (full width on phones, clear of the fixed sidebar from 1024 px).
 * It lets clicks through where it shows nothing, sits under dialogs and menus, and publishes its
 * height for the floating button.
 */
export function AppDock({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const height = element.childElementCount > 0 ? element.offsetHeight : 0;
      root.style.setProperty(DOCK_HEIGHT_VAR, `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(DOCK_HEIGHT_VAR);
    };
  }, []);
  return (
    <div
      ref={ref}
      data-testid="app-dock"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 lg:[body:has([data-testid=sidebar])_&]:left-64 flex flex-col items-center gap-2 px-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] empty:hidden sm:px-6 sm:pb-6 [&>*]:pointer-events-auto [&>*]:w-full [&>*]:max-w-md"
    >
      {children}
    </div>
  );
}
