import { lazy, Suspense } from 'react';
import { LanguageButton } from './language-button';

// The dropdown (Radix) loads after the first paint: the sign-in page must stay small (issue 7).
const LanguageMenu = lazy(() => import('./language-menu'));

/** en / हिन्दी; the choice is remembered and every text changes at once. */
export function LanguageSelect({ className }: { className?: string }) {
  return (
    <Suspense fallback={<LanguageButton className={className} disabled />}>
      <LanguageMenu className={className} />
    </Suspense>
  );
}
