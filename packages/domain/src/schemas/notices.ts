import { z } from 'zod';
import { zRupees } from './common.js';

/**
 * Notices (issue 47): what a person hears of, by mail and (where the server has it configured)
 * WhatsApp. Each person chooses per kind and channel; with no choice made, mail is on and
 * WhatsApp off.
 */
export const NOTICE_KINDS = [
  'request_submitted',
  'request_decided',
  'po_issued',
  'bill_over_amount',
  'payments_due',
  'retention_due',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A bill above this (rupees) is noticed unless the person chose another amount. */
export const DEFAULT_BILL_NOTICE_RUPEES = 50_000;

export const zNoticeKind = z.enum(NOTICE_KINDS);

/** The language notices come in: the web app's languages (`Language`). */
export const zNoticeLanguage = z.enum(['en', 'hi']);

/** One kind's choice; `amount` (rupees) only matters for `bill_over_amount`. */
export const zNoticePreference = z.object({
  kind: zNoticeKind,
  mail: z.boolean(),
  whatsapp: z.boolean(),
  amount: zRupees.nullable(),
});
export type NoticePreference = z.infer<typeof zNoticePreference>;

/** GET /api/me/notices: every kind, defaults filled in. */
export const zNoticePreferences = z.object({
  items: z.array(zNoticePreference),
  /** Whether this server sends WhatsApp messages at all (its provider is configured). */
  whatsapp_available: z.boolean(),
  /** Whether the caller's profile has a phone for WhatsApp. */
  has_phone: z.boolean(),
  /** The language the caller's notices come in; null: never chosen, so English. */
  language: zNoticeLanguage.nullable(),
});
export type NoticePreferences = z.infer<typeof zNoticePreferences>;

/**
 * PATCH /api/me/notices: the kinds given change, and the language if given; fields left out keep
 * their value.
 */
export const zNoticePreferencesUpdate = z.object({
  items: z
    .array(
      z.object({
        kind: zNoticeKind,
        mail: z.boolean().optional(),
        whatsapp: z.boolean().optional(),
        amount: zRupees.nullable().optional(),
      }),
    )
    .max(NOTICE_KINDS.length)
    .optional(),
  language: zNoticeLanguage.optional(),
});
export type NoticePreferencesUpdate = z.infer<typeof zNoticePreferencesUpdate>;
