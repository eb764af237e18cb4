import { isOwner, permissionsFor } from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { Mail, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useMembers, useSentInvitations } from './api';
import { MemberList } from './member-list';
import { RoleGuide } from './role-guide';
import { RoleSettingsCard } from './role-settings-card';
import { SentInvitations } from './sent-invitations';
import { TeamFormDialog, type TeamFormMode } from './team-form-dialog';

/** The current site's name (same cache entry as the dashboard's header). */
function useSiteName(siteId: string) {
  return useQuery({
    queryKey: queryKeys.site(siteId),
    queryFn: ({ signal }) =>
      api.get<{ id: string; name: string }>(`/api/sites/${encodeURIComponent(siteId)}`, {
        signal,
      }),
    enabled: Boolean(siteId),
    staleTime: 60_000,
  }).data?.name;
}

/**
 * Users (spec part 2, /users, canManageUsers): the site's members with role change and removal,
 * the invitations sent, and what each role may do.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { user, role, siteId } = useSession();
  const can = permissionsFor(role);
  const members = useMembers();
  const invitations = useSentInvitations(can.canManageUsers);
  const siteName = useSiteName(siteId ?? '') ?? '';
  const [dialog, setDialog] = useState<TeamFormMode | null>(null);

  const openInvite = () => setDialog('invite');
  useAddAction(openInvite, can.canManageUsers);

  const count = members.data?.length;
  return (
    <div data-testid="page-users">
      <PageHeader
        title={t('pages.users.title')}
        subtitle={
          siteName ? t('members.subtitle', { site: siteName }) : t('pages.users.description')
        }
        actions={
          can.canManageUsers ? (
            <ActionButtons
              actions={[
                {
                  id: 'add',
                  when: true,
                  variant: 'secondary',
                  icon: UserPlus,
                  label: t('members.add.open'),
                  onClick: () => setDialog('add'),
                  testId: 'member-add',
                },
                {
                  id: 'invite',
                  when: true,
                  icon: Mail,
                  label: t('members.invite.open'),
                  onClick: openInvite,
                  testId: 'member-invite',
                },
              ]}
            />
          ) : null
        }
      />

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2
          id="members-heading"
          className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-fg-muted"
        >
          {t('members.title')}
          {count !== undefined ? (
            <span
              className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold normal-case tracking-normal text-fg-muted"
              data-testid="members-count"
            >
              {count}
            </span>
          ) : null}
        </h2>
        <MemberList
          members={members.data}
          loading={members.isPending}
          error={members.error}
          onRetry={() => void members.refetch()}
          currentUserId={user?.id ?? ''}
          canManage={can.canManageRoles}
        />
      </section>

      {can.canManageUsers ? (
        <div className="mt-8">
          <SentInvitations
            invitations={invitations.data}
            loading={invitations.isPending}
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
            onInvite={openInvite}
          />
        </div>
      ) : null}

      {isOwner(role) && siteId ? (
        <div className="mt-8">
          <RoleSettingsCard siteId={siteId} />
        </div>
      ) : null}

      <div className="mt-8">
        <RoleGuide />
      </div>

      <TeamFormDialog
        mode={dialog ?? 'invite'}
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        siteName={siteName}
      />
    </div>
  );
}
