/**
 * The two party boxes under an order's heading (buyer and supplier of a purchase order, employer
 * and subcontractor of a work order): a labelled box each, the name, address, state, tax ids and
 * contact, both boxes as tall as the taller.
 */
import { band, COLORS, drawText, PAGE, type DrawOptions } from './pdf-canvas.js';
import { BODY, CONTENT_WIDTH } from './pdf-pages.js';
import { wrap } from './pdf-wrap.js';

type Doc = PDFKit.PDFDocument;

export interface PdfParty {
  name: string;
  /** The site a business's order is for (issue 47): "Site: …" under the business's name. */
  site?: string | null;
  company_name?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  gstin?: string | null;
  /** e.g. "Maharashtra (27)". */
  state?: string | null;
}

export interface PartyBoxSource {
  /** e.g. "FROM (BUYER)". */
  label: string;
  party: PdfParty;
  /** The tax ids ("GSTIN: …"), a line each, in bold. */
  ids: string[];
}

const BOX_TOP = 98;
const BOX_GAP = 12;
const NAME: DrawOptions = { size: 10.5, weight: 'bold' };
const NAME_LINE = 13;

function partyLines(doc: Doc, party: PdfParty, ids: string[], width: number) {
  const address = (party.address ?? '').replace(/[\s,]*[\r\n]+\s*/g, ', ').trim();
  const contact = [party.phone, party.email].filter(Boolean).join(' · ');
  const lines: { text: string; style: DrawOptions }[] = [];
  const add = (text: string, style: DrawOptions) => lines.push({ text, style });
  if (party.site) add(`Site: ${party.site}`, BODY);
  if (party.company_name && party.company_name !== party.name) add(party.company_name, BODY);
  for (const text of wrap(doc, address, width, BODY, 3)) add(text, BODY);
  if (party.state) add(`State: ${party.state}`, BODY);
  for (const text of ids) add(text, { ...BODY, weight: 'bold' });
  if (contact) add(contact, { ...BODY, color: COLORS.muted });
  return lines;
}

/** The boxes' text, wrapped, and their height: measured before anything is drawn. */
export function partyBoxes(doc: Doc, sources: PartyBoxSource[]) {
  const width = (CONTENT_WIDTH - BOX_GAP) / 2;
  const inner = width - 20;
  const boxes = sources.map((box) => ({
    label: box.label,
    name: wrap(doc, box.party.name, inner, NAME, 2),
    lines: partyLines(doc, box.party, box.ids, inner),
  }));
  const detailTop = (name: string[]) => 38 + (name.length - 1) * NAME_LINE;
  const height = 2 + Math.max(...boxes.map((b) => detailTop(b.name) + b.lines.length * 12));
  return { boxes, width, inner, detailTop, height, bottom: BOX_TOP + height };
}

export type PartyBoxes = ReturnType<typeof partyBoxes>;

/** Draws the party boxes side by side. */
export function drawParties(doc: Doc, parties: PartyBoxes): void {
  const { width, inner, detailTop, height } = parties;
  parties.boxes.forEach((box, i) => {
    const x = PAGE.left + i * (width + BOX_GAP);
    band(doc, x, BOX_TOP, width, 16, COLORS.band);
    doc.save().rect(x, BOX_TOP, width, height).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
    doc.restore();
    const label = { size: 7, weight: 'bold' as const, color: COLORS.muted };
    drawText(doc, box.label, x + 10, BOX_TOP + 4, label);
    box.name.forEach((line, j) => {
      drawText(doc, line, x + 10, BOX_TOP + 21 + j * NAME_LINE, { ...NAME, width: inner });
    });
    box.lines.forEach((line, j) => {
      const y = BOX_TOP + detailTop(box.name) + j * 12;
      drawText(doc, line.text, x + 10, y, { ...line.style, width: inner });
    });
  });
}
