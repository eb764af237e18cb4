import { ClipboardList, IndianRupee, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicHeader } from '../../components/preferences/public-header';
import { Logo } from '../../components/ui/logo';

const HIGHLIGHTS = [
  { icon: Truck, key: 'deliveries' },
  { icon: IndianRupee, key: 'payments' },
  { icon: ClipboardList, key: 'sites' },
] as const;

/** The frame of every signed-out screen: a brand panel on wide screens and a focused form. */
export function AuthLayout({
  children,
  footer,
  testId,
  ...heading
}: {
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
} & (
  | { title: ReactNode; subtitle?: ReactNode; texts?: never }
  | {
      /** The i18n group whose `title` and `subtitle` the page shows. */
      texts: string;
      title?: never;
      subtitle?: never;
    }
)) {
  const { t } = useTranslation();
  const title = heading.texts ? t(`${heading.texts}.title`) : heading.title;
  const subtitle = heading.texts ? t(`${heading.texts}.subtitle`) : heading.subtitle;
  return (
    <div className="flex min-h-dvh" data-testid={testId}>
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-sidebar p-10 text-sidebar-fg lg:flex xl:p-12">
        <BlueprintPattern />
        <Logo tone="light" className="relative" />
        <div className="relative space-y-8">
          <div className="space-y-4">
            <h2 className="text-3xl font-semibold leading-tight tracking-tight text-sidebar-fg-strong xl:text-4xl">
              {t('auth.brand.headline')}
            </h2>
            <p className="max-w-md text-base leading-relaxed text-sidebar-fg">
              {t('auth.brand.tagline')}
            </p>
          </div>
          <ul className="space-y-4">
            {HIGHLIGHTS.map(({ icon: Icon, key }) => (
              <li key={key} className="flex items-start gap-3.5">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                  <Icon className="size-[18px]" aria-hidden="true" />
                </span>
                <span className="pt-1.5 text-sm leading-relaxed text-sidebar-fg">
                  {t(`auth.brand.highlights.${key}`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-sidebar-muted">{t('auth.brand.footer')}</p>
      </aside>

      <main className="flex min-w-0 flex-1 flex-col">
        <PublicHeader logo={<Logo className="lg:invisible" />} />
        <div className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:px-8 sm:pt-0">
          <div className="w-full max-w-[26rem]">
            <div className="mb-7 space-y-2">
              <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-[28px]">
                {title}
              </h1>
              {subtitle ? (
                <p className="text-sm leading-relaxed text-fg-muted">{subtitle}</p>
              ) : null}
            </div>
            {children}
            {footer ? <div className="mt-8 text-center text-sm text-fg-muted">{footer}</div> : null}
          </div>
        </div>
      </main>
    </div>
  );
}

/** A faint blueprint grid with a building outline, drawn in SVG so it scales crisply. */
function BlueprintPattern() {
  return (
    <>
      <svg
        className="pointer-events-none absolute inset-0 size-full text-white/[0.045]"
        aria-hidden="true"
      >
        <defs>
          <pattern id="blueprint-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0V32" fill="none" stroke="currentColor" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#blueprint-grid)" />
      </svg>
      <svg
        viewBox="0 0 360 270"
        className="pointer-events-none absolute -bottom-6 -right-10 w-[22rem]"
        fill="none"
        stroke="var(--primary)"
        strokeOpacity="0.16"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path d="M8 262V98L136 26l128 72v164" />
        <path d="M72 262V162h128v100M40 262h192M104 98h64v40h-64z" />
        <path d="M264 122h88v140h-88M292 152h32v30h-32zM292 202h32v30h-32z" />
      </svg>
    </>
  );
}
