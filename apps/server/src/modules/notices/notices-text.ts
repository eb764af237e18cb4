/**
 * What each notice says, in the recipient's language (users.language): short, with the site's
 * name and a link to the record. English here; Hindi in notices-text-hi.ts, the same facts.
 */
import { formatInr } from '@siteledger/domain';

/** What a notice says; `link` is the record on the web app. */
export interface NoticeMessage {
  subject: string;
  text: string;
  link: string;
}

export interface RequestFacts {
  site: string;
  /** Who made the change; null when unknown (the texts say "someone"). */
  actor: string | null;
  link: string;
  neededBy: string | null;
}

export interface PoFacts {
  site: string;
  actor: string | null;
  link: string;
  number: string | null;
  vendor: string;
  /** Paise. */
  total: number;
}

export interface BillFacts {
  site: string;
  actor: string | null;
  link: string;
  what: 'delivery' | 'service_booking';
  vendor: string;
  /** Paise. */
  total: number;
}

export interface DueLine {
  site: string;
  party: string;
  due: string;
  /** Paise. */
  amount: number;
}

export type DueKind = 'payments_due' | 'retention_due';

/** Every notice's text in one language. */
export interface NoticeTexts {
  requestSubmitted(f: RequestFacts): NoticeMessage;
  requestDecided(f: RequestFacts & { approved: boolean; reason: string | null }): NoticeMessage;
  poIssued(f: PoFacts): NoticeMessage;
  billOverAmount(f: BillFacts): NoticeMessage;
  /** The daily digest: one line per bill (or work order), soonest first. */
  dueDigest(kind: DueKind, lines: DueLine[], link: string): NoticeMessage;
}

/** The digests' window, as notices-digest.ts reads it. */
export const DUE_WITHIN_DAYS = 7;

export const dueTotal = (lines: DueLine[]) => lines.reduce((sum, l) => sum + l.amount, 0);

export const english: NoticeTexts = {
  requestSubmitted: (f) => ({
    subject: `Material request on ${f.site} waits for your decision`,
    text:
      `${f.actor ?? 'Someone'} submitted a material request on ${f.site}` +
      (f.neededBy ? `, needed by ${f.neededBy}` : '') +
      `.\nApprove or reject it:\n\n${f.link}\n`,
    link: f.link,
  }),

  requestDecided: (f) => {
    const decision = f.approved ? 'approved' : 'rejected';
    return {
      subject: `Your material request on ${f.site} was ${decision}`,
      text:
        `${f.actor ?? 'Someone'} ${decision} your material request on ${f.site}.\n` +
        (f.reason ? `Reason: ${f.reason}\n` : '') +
        `\n${f.link}\n`,
      link: f.link,
    };
  },

  poIssued: (f) => {
    const po = f.number ? `purchase order ${f.number}` : 'a purchase order';
    return {
      subject: `${f.number ? `Purchase order ${f.number}` : 'A purchase order'} issued on ${f.site}`,
      text:
        `${f.actor ?? 'Someone'} issued ${po} to ${f.vendor} for ${formatInr(f.total)} on ` +
        `${f.site}.\n\n${f.link}\n`,
      link: f.link,
    };
  },

  billOverAmount: (f) => ({
    subject: `A bill of ${formatInr(f.total)} on ${f.site}`,
    text:
      `${f.actor ?? 'Someone'} recorded a ${f.what === 'delivery' ? 'delivery' : 'service booking'} ` +
      `from ${f.vendor} of ${formatInr(f.total)} on ${f.site}.\n\n${f.link}\n`,
    link: f.link,
  }),

  dueDigest: (kind, lines, link) => {
    const what = kind === 'payments_due' ? 'Bills falling due' : 'Retention falling due';
    const body = lines
      .map((l) => `- ${l.due} · ${l.site} · ${l.party}: ${formatInr(l.amount)}`)
      .join('\n');
    return {
      subject: `${what} within ${DUE_WITHIN_DAYS} days: ${formatInr(dueTotal(lines))}`,
      text: `${what} within ${DUE_WITHIN_DAYS} days (${lines.length}):\n${body}\n\n${link}\n`,
      link,
    };
  },
};
