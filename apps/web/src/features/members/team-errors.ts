import { isRole } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { isApiError, isKnownRefusal } from '../../lib/api-client';
import { DATE_TIME, formatTimestamp } from '../../lib/dates';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The server's message for a refused invitation or member change, with the role translated and
 * the expiry date formatted where the server sends them as data (409 ALREADY_MEMBER,
 * 409 INVITATION_PENDING); any other error keeps the server's own message. With `fallbackKey`,
 * a failure without a known code (network, server fault) reads that instead (spec part 8, e.g.
 * "Failed to create invitation").
 */
export function teamErrorMessage(
  error: unknown,
  t: TFunction,
  language: string,
  fallbackKey?: string,
): string {
  if (fallbackKey && !isKnownRefusal(error)) return t(fallbackKey);
  if (!isApiError(error)) return t('errors.generic');
  const { code, data } = error;
  if (code === 'ALREADY_MEMBER' && text(data.email) && isRole(data.role)) {
    return t('members.errors.alreadyMember', {
      email: text(data.email),
      role: t(`roles.${data.role}`),
    });
  }
  if (code === 'INVITATION_PENDING' && text(data.expires_at)) {
    return t('members.errors.invitationPending', {
      date: formatTimestamp(text(data.expires_at), language, DATE_TIME),
    });
  }
  return error.message;
}
