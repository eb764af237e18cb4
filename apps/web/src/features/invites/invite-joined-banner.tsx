import { ArrowRight, CheckCircle2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { Joined } from './use-invite-answers';

/** After accepting: the site just joined, with the role, and a button to open it. */
export function InviteJoinedBanner({
  joined,
  onOpen,
  onClose,
}: {
  joined: Joined;
  onOpen: (site: Joined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-success/25 bg-success-soft p-4 sm:flex-row sm:items-center sm:p-5"
      role="status"
      data-testid="invite-joined"
    >
      <CheckCircle2 className="hidden size-6 shrink-0 text-success sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg">
          {t('invites.joined.title', { site: joined.siteName })}
        </p>
        <p className="text-sm text-fg-muted">
          {t('invites.joined.description', { role: t(`roles.${joined.role}`) })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          size="lg"
          className="flex-1 sm:h-10 sm:rounded-lg sm:text-sm"
          icon={<ArrowRight className="size-4" aria-hidden="true" />}
          onClick={() => onOpen(joined)}
          data-testid="invite-open-site"
        >
          {t('invites.joined.open')}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 sm:size-10"
          onClick={onClose}
          aria-label={t('common.close')}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
