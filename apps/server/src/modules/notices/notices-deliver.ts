import type { Language, NoticeKind } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { choicesFor, type Choice, type Person } from './notices-repo.js';
import { english, type NoticeMessage, type NoticeTexts } from './notices-text.js';
import { hindi } from './notices-text-hi.js';
import { createWhatsApp, type WhatsAppProvider } from './whatsapp.js';

/** The texts of a language (a person's users.language). */
export function noticeTexts(language: Language): NoticeTexts {
  return language === 'hi' ? hindi : english;
}

// One provider per app context (built from its config on first use).
const providers = new WeakMap<AppContext, WhatsAppProvider | null>();

export function whatsappOf(ctx: AppContext): WhatsAppProvider | null {
  if (!providers.has(ctx)) providers.set(ctx, createWhatsApp(ctx.config.whatsapp));
  return providers.get(ctx) ?? null;
}

/**
 * Sends `message` of `kind` to each person by the channels they chose (`wants` may narrow who,
 * e.g. by their amount), worded in the person's language. A send that fails is logged; the others
 * still go. Returns how many messages went.
 */
export async function deliver(
  ctx: AppContext,
  people: Person[],
  kind: NoticeKind,
  message: (texts: NoticeTexts, person: Person) => NoticeMessage,
  wants: (choice: Choice) => boolean = () => true,
): Promise<number> {
  const choices = await choicesFor(
    ctx.db.kysely,
    people.map((p) => p.id),
    kind,
  );
  const whatsapp = whatsappOf(ctx);
  let sent = 0;
  for (const person of people) {
    const choice = choices.get(person.id);
    if (!choice || !wants(choice)) continue;
    const m = message(noticeTexts(person.language), person);
    if (choice.mail) {
      try {
        await ctx.mailer.send({ to: person.email, subject: m.subject, text: m.text, link: m.link });
        sent += 1;
      } catch (error) {
        ctx.logger.warn({ err: error, kind, user: person.id }, 'notice mail failed');
      }
    }
    if (choice.whatsapp && whatsapp && person.phone) {
      try {
        await whatsapp.send(person.phone, `${m.subject}\n${m.link}`);
        sent += 1;
      } catch (error) {
        ctx.logger.warn({ err: error, kind, user: person.id }, 'notice WhatsApp failed');
      }
    }
  }
  return sent;
}
