import { Keyboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useVisibleNavItems } from './sidebar';

/** Lists the shortcuts while Alt and Shift are held. */
export function ShortcutHelp({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  const items = useVisibleNavItems();
  if (!visible) return null;
  return (
    <div
      className="pointer-events-none fixed inset-0 z-[70] flex items-center justify-center bg-slate-950/40 p-4 animate-fade-in"
      data-testid="shortcut-help"
      role="dialog"
      aria-label={t('shortcuts.title')}
    >
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-pop">
        <h2 className="mb-4 flex items-center gap-2 text-base font-semibold text-fg">
          <Keyboard className="size-5 text-primary" aria-hidden="true" />
          {t('shortcuts.title')}
        </h2>
        <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
          {t('shortcuts.navigation')}
        </p>
        <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
          {items.map((item) => (
            <li key={item.key} className="flex items-center justify-between gap-3">
              <span className="truncate text-fg-muted">{t(`nav.${item.key}`)}</span>
              <kbd className="rounded border border-border bg-surface-muted px-1.5 font-mono text-xs text-fg">
                {item.shortcut.toUpperCase()}
              </kbd>
            </li>
          ))}
        </ul>
        <p className="mb-3 mt-5 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
          {t('shortcuts.actions')}
        </p>
        <div className="flex items-center justify-between text-sm">
          <span className="text-fg-muted">{t('shortcuts.addNew')}</span>
          <kbd className="rounded border border-border bg-surface-muted px-1.5 font-mono text-xs text-fg">
            N
          </kbd>
        </div>
        <p className="mt-5 text-xs text-fg-subtle">{t('shortcuts.hint')}</p>
      </div>
    </div>
  );
}
