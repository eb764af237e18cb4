import { accessLevel, ROLES, type Role } from '@siteledger/domain';
import { Eye, PencilLine, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

const ACCESS_ICONS = { full: ShieldCheck, no_delete: PencilLine, read_only: Eye } as const;
const ACCESS_TONES = {
  full: 'bg-primary-soft text-primary-soft-fg',
  no_delete: 'bg-info-soft text-info-soft-fg',
  read_only: 'bg-surface-muted text-fg-muted',
} as const;

/** Full Access / No Delete Access / Read Only Access for a role (spec part 6). */
export function AccessLevel({ role, className }: { role: Role; className?: string }) {
  const { t } = useTranslation();
  const level = accessLevel(role);
  const Icon = ACCESS_ICONS[level];
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs text-fg-muted', className)}
      data-access={level}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {t(`members.access.${level}`)}
    </span>
  );
}

/** A role pill; owners stand out. */
export function RoleBadge({ role, testId }: { role: Role; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid={testId}
      data-role={role}
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        role === 'owner'
          ? ACCESS_TONES.full
          : role === 'supervisor'
            ? ACCESS_TONES.no_delete
            : ACCESS_TONES.read_only,
      )}
    >
      {t(`roles.${role}`)}
    </span>
  );
}

/** What each role may do: the spec's role descriptions with their access levels. */
export function RoleGuide() {
  const { t } = useTranslation();
  return (
    <Card className="p-5 sm:p-6" data-testid="role-guide">
      <h2 className="text-base font-semibold text-fg">{t('members.guide.title')}</h2>
      <p className="mt-1 text-sm text-fg-muted">{t('members.guide.subtitle')}</p>
      <ul className="mt-4 grid gap-3 md:grid-cols-3">
        {ROLES.map((role) => {
          const level = accessLevel(role);
          const Icon = ACCESS_ICONS[level];
          return (
            <li key={role} className="flex gap-3 rounded-xl border border-border p-3.5">
              <span
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-lg',
                  ACCESS_TONES[level],
                )}
              >
                <Icon className="size-[18px]" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold text-fg">{t(`roles.${role}`)}</span>
                  <span className="text-xs text-fg-muted">{t(`members.access.${level}`)}</span>
                </p>
                <p className="mt-0.5 text-sm leading-relaxed text-fg-muted">
                  {t(`members.roleDescriptions.${role}`)}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
