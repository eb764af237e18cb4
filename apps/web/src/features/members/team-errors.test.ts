import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ensureLanguage, i18n } from '../../lib/i18n';
import { daysUntil } from '../../lib/dates';
import { teamErrorMessage } from './team-errors';

describe('teamErrorMessage', () => {
  const t = i18n.getFixedT('en');
  // Hindi is loaded on first use in the app.
  beforeAll(() => ensureLanguage('hi'));

  it('names the email and the translated role of an existing member', () => {
    const error = new ApiError(409, 'ALREADY_MEMBER', 'raw', {
      email: 'sunita@example.in',
      role: 'supervisor',
    });
    expect(teamErrorMessage(error, t, 'en')).toBe(
      'sunita@example.in is already a member of this site as Supervisor',
    );
    expect(teamErrorMessage(error, i18n.getFixedT('hi'), 'hi')).toBe(
      'sunita@example.in पहले से इस साइट के सुपरवाइज़र के रूप में सदस्य हैं',
    );
  });

  it('gives the expiry of a pending invitation as a readable date', () => {
    const error = new ApiError(409, 'INVITATION_PENDING', 'raw', {
      expires_at: '2026-11-29T02:18:04.004Z',
    });
    expect(teamErrorMessage(error, t, 'en')).toMatch(
      /^An active invitation for this email already exists\. It expires on 29 Nov 2026, \d{1,2}:\d{2} [ap]m$/i,
    );
  });

  it("keeps the server's message otherwise, and a generic one for non-API errors", () => {
    const error = new ApiError(409, 'LAST_OWNER', 'Cannot change role of the last owner');
    expect(teamErrorMessage(error, t, 'en')).toBe('Cannot change role of the last owner');
    expect(teamErrorMessage(new Error('boom'), t, 'en')).toBe('An error occurred');
  });
});

describe('daysUntil', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('rounds up to whole days and never goes below zero', () => {
    expect(daysUntil('2026-11-29T10:00:00Z', now)).toBe(7);
    expect(daysUntil('2026-11-22T11:00:00Z', now)).toBe(1);
    expect(daysUntil('2026-11-21T10:00:00Z', now)).toBe(0);
    expect(daysUntil('not a date', now)).toBe(0);
  });
});
