/**
 * The notices in Hindi (notices-text.ts has the English and the facts): the web app's Hindi terms
 * (locales/hi: सामग्री अनुरोध, ख़रीद आदेश, डिलीवरी, सेवा बुकिंग, रिटेंशन, विक्रेता), amounts in
 * Indian grouping as in English.
 */
import { formatInr } from '@siteledger/domain';
import { DUE_WITHIN_DAYS, dueTotal, type NoticeTexts } from './notices-text.js';

/** "Suresh ने …", or "किसी ने …" when nobody is named. */
const by = (actor: string | null) => (actor ? `${actor} ने` : 'किसी ने');

export const hindi: NoticeTexts = {
  requestSubmitted: (f) => ({
    subject: `${f.site} पर सामग्री अनुरोध आपके फ़ैसले की प्रतीक्षा में है`,
    text:
      `${by(f.actor)} ${f.site} पर सामग्री अनुरोध स्वीकृति के लिए भेजा है` +
      (f.neededBy ? `, ${f.neededBy} तक चाहिए` : '') +
      `।\nइसे स्वीकृत या अस्वीकृत करें:\n\n${f.link}\n`,
    link: f.link,
  }),

  requestDecided: (f) => {
    const decision = f.approved ? 'स्वीकृत' : 'अस्वीकृत';
    return {
      subject: `${f.site} पर आपका सामग्री अनुरोध ${decision} हुआ`,
      text:
        `${by(f.actor)} ${f.site} पर आपका सामग्री अनुरोध ${decision} किया।\n` +
        (f.reason ? `कारण: ${f.reason}\n` : '') +
        `\n${f.link}\n`,
      link: f.link,
    };
  },

  poIssued: (f) => {
    const po = f.number ? `ख़रीद आदेश ${f.number}` : 'ख़रीद आदेश';
    return {
      subject: `${f.site} पर ${f.number ? po : 'एक ख़रीद आदेश'} जारी हुआ`,
      text:
        `${by(f.actor)} ${f.site} पर ${f.vendor} को ${formatInr(f.total)} का ${po} जारी ` +
        `किया।\n\n${f.link}\n`,
      link: f.link,
    };
  },

  billOverAmount: (f) => ({
    subject: `${f.site} पर ${formatInr(f.total)} का बिल`,
    text:
      `${by(f.actor)} ${f.site} पर ${f.vendor} से ${formatInr(f.total)} की ` +
      `${f.what === 'delivery' ? 'डिलीवरी' : 'सेवा बुकिंग'} दर्ज की।\n\n${f.link}\n`,
    link: f.link,
  }),

  dueDigest: (kind, lines, link) => {
    const what = kind === 'payments_due' ? 'देय बिल' : 'देय रिटेंशन';
    const within = `अगले ${DUE_WITHIN_DAYS} दिनों में ${what}`;
    const body = lines
      .map((l) => `- ${l.due} · ${l.site} · ${l.party}: ${formatInr(l.amount)}`)
      .join('\n');
    return {
      subject: `${within}: ${formatInr(dueTotal(lines))}`,
      text: `${within} (${lines.length}):\n${body}\n\n${link}\n`,
      link,
    };
  },
};
