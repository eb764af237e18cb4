import type { ReactNode } from 'react';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

/**
 * The top bar of a page outside the app's shell (sign-in, Terms, Privacy): the logo, and the
 * language and theme choices a signed-out person has no other place for.
 */
export function PublicHeader({ logo }: { logo: ReactNode }) {
  return (
    <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-8">
      {logo}
      <div className="flex items-center gap-2">
        <LanguageSelect />
        <ThemeToggle />
      </div>
    </header>
  );
}
