/**
 * A person's notice choices (issue 47): every kind with the defaults filled in and the language
 * notices come in, and a change of several kinds and the language saved in one transaction (all
 * of it or none).
 */
import {
  NOTICE_KINDS,
  toPaise,
  type NoticePreferences,
  type NoticePreferencesUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { rupees } from '../../platform/record-shape.js';
import * as repo from './notices-repo.js';

export async function preferencesOf(
  ctx: AppContext,
  user: { id: string; phone: string | null },
): Promise<NoticePreferences> {
  const choices = await repo.choicesOf(ctx.db.kysely, user.id);
  const language = await repo.languageOf(ctx.db.kysely, user.id);
  return {
    items: NOTICE_KINDS.map((kind) => {
      const c = choices.get(kind) ?? repo.DEFAULT_CHOICE;
      return {
        kind,
        mail: c.mail,
        whatsapp: c.whatsapp,
        amount: kind === 'bill_over_amount' ? rupees({ amount: c.amount }).amount : null,
      };
    }),
    whatsapp_available: ctx.config.whatsapp !== null,
    has_phone: Boolean(user.phone),
    language,
  };
}

/** PATCH /api/me/notices: the kinds named (and the language, if given) change; the rest stay. */
export async function savePreferences(
  ctx: AppContext,
  user: { id: string; phone: string | null },
  input: NoticePreferencesUpdate,
): Promise<NoticePreferences> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (input.language) await repo.saveLanguage(trx, user.id, input.language);
    const choices = await repo.choicesOf(trx, user.id);
    for (const item of input.items ?? []) {
      const was = choices.get(item.kind) ?? repo.DEFAULT_CHOICE;
      await repo.saveChoice(trx, user.id, item.kind, {
        mail: item.mail ?? was.mail,
        whatsapp: item.whatsapp ?? was.whatsapp,
        amount:
          item.amount === undefined
            ? was.amount
            : item.amount === null
              ? repo.DEFAULT_CHOICE.amount
              : toPaise(item.amount),
      });
    }
  });
  return preferencesOf(ctx, user);
}
