import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/ui/failure-alert';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { useToast } from '../../components/ui/toast-context';
import { useSession } from '../../lib/session';
import { useUpdateSite, type SiteListItem } from './api';

/**
 * Owners only (issue 19): require two-step sign-in of every member of the site. Saved at once,
 * apart from the site's details; the server's refusal (e.g. the owner has no two-step yet) shows
 * under the switch.
 */
export function RequireTwoStepSwitch({
  site,
  onLeave,
}: {
  site: SiteListItem;
  /** Called when the person follows the link to Profile (closes the dialog around it). */
  onLeave?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const update = useUpdateSite();
  const [required, setRequired] = useState(site.require_two_step === true);

  const change = (wanted: boolean) => {
    update.mutate(
      { id: site.id, data: { require_two_step: wanted } },
      {
        onSuccess: (saved) => {
          setRequired(saved.require_two_step);
          toast.success(
            t(saved.require_two_step ? 'sites.twoStep.savedOn' : 'sites.twoStep.savedOff', {
              name: saved.name,
            }),
          );
        },
      },
    );
  };

  return (
    <div className="space-y-2" data-testid="site-require-two-step">
      <ActiveSwitch
        label={t('sites.twoStep.label')}
        description={t('sites.twoStep.description')}
        checked={required}
        disabled={update.isPending}
        onChange={(event) => change(event.target.checked)}
        data-testid="site-require-two-step-switch"
      />
      {!required && user?.two_step === false && !update.isError ? (
        <p className="text-xs text-fg-muted">
          {t('sites.twoStep.needOwn')}{' '}
          <Link
            to="/profile"
            onClick={onLeave}
            className="font-medium text-primary hover:text-primary-hover"
          >
            {t('sites.twoStep.openProfile')}
          </Link>
        </p>
      ) : null}
      <FailureAlert failed={update} testId="site-require-two-step-error" />
    </div>
  );
}
