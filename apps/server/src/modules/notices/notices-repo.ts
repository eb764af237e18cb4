import {
  DEFAULT_BILL_NOTICE_RUPEES,
  NOTICE_KINDS,
  toPaise,
  type Language,
  type NoticeKind,
  type Role,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import type { Executor } from '../../db/executor.js';

/** Someone a notice may reach, and the language it reaches them in. */
export interface Person {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  language: Language;
}

/** `users.language` as stored: 'en', 'hi' or null (never chosen). */
function storedLanguage(value: string | null): Language | null {
  return value === 'en' || value === 'hi' ? value : null;
}

/** Anyone who never chose a language hears in English. */
function asPerson(row: Omit<Person, 'language'> & { language: string | null }): Person {
  return { ...row, language: storedLanguage(row.language) ?? 'en' };
}

/** A person's choice for one kind; amount in paise. */
export interface Choice {
  mail: boolean;
  whatsapp: boolean;
  amount: number;
}

export const DEFAULT_CHOICE: Choice = {
  mail: true,
  whatsapp: false,
  amount: toPaise(DEFAULT_BILL_NOTICE_RUPEES),
};

const num = (value: unknown) => Number(value ?? 0);

/** Every kind's choice of one person, defaults filled in. */
export async function choicesOf(db: Executor, userId: string): Promise<Map<NoticeKind, Choice>> {
  const rows = await db
    .selectFrom('notice_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const out = new Map<NoticeKind, Choice>();
  for (const kind of NOTICE_KINDS) {
    const row = byKind.get(kind);
    out.set(
      kind,
      row
        ? {
            mail: row.mail === 1,
            whatsapp: row.whatsapp === 1,
            amount: row.amount === null ? DEFAULT_CHOICE.amount : num(row.amount),
          }
        : DEFAULT_CHOICE,
    );
  }
  return out;
}

/** One kind's choices of several people (defaults for those who made none). */
export async function choicesFor(
  db: Executor,
  userIds: string[],
  kind: NoticeKind,
): Promise<Map<string, Choice>> {
  const out = new Map<string, Choice>(userIds.map((id) => [id, DEFAULT_CHOICE]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('notice_preferences')
    .selectAll()
    .where('user_id', 'in', userIds)
    .where('kind', '=', kind)
    .execute();
  for (const r of rows) {
    out.set(r.user_id, {
      mail: r.mail === 1,
      whatsapp: r.whatsapp === 1,
      amount: r.amount === null ? DEFAULT_CHOICE.amount : num(r.amount),
    });
  }
  return out;
}

/** Writes one person's choice for one kind (insert or update). */
export async function saveChoice(
  db: Executor,
  userId: string,
  kind: NoticeKind,
  choice: Choice,
): Promise<void> {
  const now = nowIso();
  const values = {
    mail: choice.mail ? 1 : 0,
    whatsapp: choice.whatsapp ? 1 : 0,
    amount: choice.amount,
    updated: now,
  };
  await db
    .insertInto('notice_preferences')
    .values({ id: newId(), user_id: userId, kind, created: now, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
    .execute();
}

export async function person(db: Executor, userId: string): Promise<Person | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'phone', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && asPerson(row);
}

/** The language a person chose for their notices; null when they never chose one. */
export async function languageOf(db: Executor, userId: string): Promise<Language | null> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return storedLanguage(row?.language ?? null);
}

export async function saveLanguage(
  db: Executor,
  userId: string,
  language: Language,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ language, updated: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** The site's active members in `roles`, but never `except` (who made the change). */
export async function membersIn(
  db: Executor,
  siteId: string,
  roles: Role[],
  except: string | null,
): Promise<Person[]> {
  let q = db
    .selectFrom('site_users as su')
    .innerJoin('users as u', 'u.id', 'su.user_id')
    .select(['u.id', 'u.email', 'u.name', 'u.phone', 'u.language'])
    .where('su.site_id', '=', siteId)
    .where('su.role', 'in', roles)
    .where('su.is_active', '=', 1);
  if (except) q = q.where('u.id', '<>', except);
  return (await q.distinct().execute()).map(asPerson);
}

export async function siteName(db: Executor, siteId: string): Promise<string> {
  const row = await db
    .selectFrom('sites')
    .select('name')
    .where('id', '=', siteId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** Records a digest as sent; false when it was already (another run or instance sent it). */
export async function claimDigest(
  db: Executor,
  userId: string,
  kind: NoticeKind,
  day: string,
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .insertInto('notice_digests')
    .values({ id: newId(), user_id: userId, kind, day, created: now, updated: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
