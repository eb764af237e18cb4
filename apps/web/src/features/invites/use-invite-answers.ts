import { isErrorCode, type Role } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import {
  useAnswerInvitation,
  type InvitationAnswer,
  type ReceivedInvitation,
} from '../../lib/invitations-api';
import { useSession } from '../../lib/session';
import { useReloadUser, useSendVerificationMail } from './api';

/** The server's message for a known refusal (already a member, expired…), else the spec's. */
function answerFailure(error: unknown, fallback: string): string {
  if (isApiError(error) && isErrorCode(error.code) && error.code !== 'INTERNAL') {
    return error.message;
  }
  return fallback;
}

export interface Joined {
  siteId: string;
  siteName: string;
  role: Role;
}

/**
 * Accepting and declining on the Invites page. The mailed link opens the page with
 * `?invitation=<id>&token=<secret>`: accepting that invitation sends the secret, which proves the
 * mailbox. An accept refused with EMAIL_NOT_VERIFIED is remembered per invitation, so its card can
 * say why and offer a verification mail.
 */
export function useInviteAnswers({ onDeclineSettled }: { onDeclineSettled: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const answer = useAnswerInvitation();
  const verification = useSendVerificationMail();
  const reloadUser = useReloadUser();
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('invitation');
  const linkToken = params.get('token');
  const [joined, setJoined] = useState<Joined | null>(null);
  const [notVerified, setNotVerified] = useState<Record<string, string>>({});

  const forgetRefusal = (id: string) =>
    setNotVerified((current) =>
      id in current
        ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== id))
        : current,
    );

  const respond = (invitation: ReceivedInvitation, action: InvitationAnswer) => {
    const site = invitation.site.name;
    const token = action === 'accept' && invitation.id === linkedId ? linkToken : null;
    forgetRefusal(invitation.id);
    answer.mutate(
      { id: invitation.id, action, token },
      {
        onSuccess: () => {
          if (action === 'decline') {
            onDeclineSettled();
            toast.info(t('invitations.declined', { site }));
            return;
          }
          setJoined({ siteId: invitation.site.id, siteName: site, role: invitation.role });
          toast.success(t('invitations.accepted', { site }));
          if (token) {
            // The secret is spent and the address now verified: drop it from the address bar.
            void reloadUser();
            setParams({}, { replace: true });
          }
        },
        onError: (error) => {
          onDeclineSettled();
          if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
            setNotVerified((current) => ({ ...current, [invitation.id]: error.message }));
            return;
          }
          toast.error(answerFailure(error, t('invitations.respondFailed')));
        },
      },
    );
  };

  const sendVerification = () => {
    if (!user) return;
    verification.mutate(user.email, {
      onSuccess: () => toast.success(t('invites.verify.sent', { email: user.email })),
      onError: (error) => toast.error(errorMessage(error, t)),
    });
  };

  return {
    answer,
    respond,
    joined,
    setJoined,
    linkedId,
    notVerifiedFor: (id: string) =>
      notVerified[id] === undefined
        ? null
        : {
            message: notVerified[id],
            sending: verification.isPending,
            onSendVerification: sendVerification,
          },
  };
}
