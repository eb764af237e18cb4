import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import { DetailsCard } from './details-card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { PreferencesCard } from './preferences-card';
import { SessionsCard } from './sessions-card';
import { ToursCard } from './tours-card';
import { TwoStepCard } from './two-step-card';

/**
 * Profile (spec part 2, sign-in only): personal details with photo, password, sign-in email,
 * language and theme, the page tours, and where the person is signed in. Works with or without a selected site.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div data-testid="page-profile">
      <PageHeader title={t('pages.profile.title')} subtitle={t('pages.profile.description')} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <DetailsCard user={user} />
          <PasswordCard />
          <TwoStepCard />
          <EmailCard user={user} />
          <SessionsCard />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <PreferencesCard />
          <ToursCard />
        </div>
      </div>
    </div>
  );
}
