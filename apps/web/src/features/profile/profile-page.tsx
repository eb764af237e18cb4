import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import { DetailsCard } from './details-card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoStepCard } from './two-step-card';

/**
 * Profile (spec part 2, sign-in only): the person's own details: name and photo, password,
 * two-step sign-in, sign-in email and where they are signed in. Language, theme and tours live
 * in Settings. Works with or without a selected site.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div data-testid="page-profile">
      <PageHeader title={t('pages.profile.title')} subtitle={t('pages.profile.description')} />
      <div className="max-w-3xl space-y-6">
        <DetailsCard user={user} />
        <PasswordCard />
        <TwoStepCard />
        <EmailCard user={user} />
        <SessionsCard />
      </div>
    </div>
  );
}
