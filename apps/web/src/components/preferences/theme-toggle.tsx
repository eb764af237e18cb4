import { lazy, Suspense } from 'react';
import { ThemeButton } from './theme-button';

// The dropdown (Radix) loads after the first paint: the sign-in page must stay small (issue 7).
const ThemeMenu = lazy(() => import('./theme-menu'));

/** Light / dark / system. "System" follows the operating system live. */
export function ThemeToggle({ className }: { className?: string }) {
  return (
    <Suspense fallback={<ThemeButton className={className} disabled />}>
      <ThemeMenu className={className} />
    </Suspense>
  );
}
