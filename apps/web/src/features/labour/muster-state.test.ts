import type { MusterRow } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import {
  allPresent,
  attendanceBody,
  changedEntries,
  EMPTY_DRAFT,
  maxFraction,
  musterRows,
  musterTotals,
  parseDraft,
  pendingMarks,
  sameAsYesterday,
  setMark,
  shownMark,
  stepOt,
  type MusterDraft,
} from './muster-state';

const row = (worker: string, patch: Partial<MusterRow> = {}): MusterRow => ({
  worker,
  worker_site: 'site1',
  name: `Worker ${worker}`,
  trade: 'Mason',
  headcount: null,
  labour_contractor: null,
  fraction: null,
  ot_hours: 0,
  marked_headcount: null,
  previous: null,
  elsewhere: 0,
  locked: false,
  ...patch,
});

const previous = (fraction: number, ot_hours = 0, headcount: number | null = null) => ({
  date: '2026-11-28',
  fraction,
  ot_hours,
  headcount,
});

describe('muster state', () => {
  it('"Same as yesterday" copies each unmarked row’s previous mark, within today’s limit', () => {
    const rows = [
      row('a', { previous: previous(1, 2) }),
      row('b', { previous: previous(0.5) }),
      row('c'), // no mark this week: stays unmarked
      row('d', { previous: previous(1), fraction: 0, ot_hours: 0 }), // marked absent today: kept
      row('e', { previous: previous(1), locked: true }),
      row('f', { previous: previous(1), elsewhere: 0.5 }), // half a day on another site
      row('g', { headcount: 12, previous: previous(1, 1, 9) }), // a gang
    ];
    const draft = sameAsYesterday(rows, EMPTY_DRAFT, {});
    expect(draft.marks).toEqual({
      a: { fraction: 1, ot_hours: 2, headcount: null },
      b: { fraction: 0.5, ot_hours: 0, headcount: null },
      f: { fraction: 0.5, ot_hours: 0, headcount: null },
      g: { fraction: 1, ot_hours: 1, headcount: 9 },
    });
    expect(changedEntries(rows, draft, {})).toEqual([
      { worker: 'a', fraction: 1, ot_hours: 2 },
      { worker: 'b', fraction: 0.5 },
      { worker: 'f', fraction: 0.5 },
      { worker: 'g', fraction: 1, ot_hours: 1, headcount: 9 },
    ]);
  });

  it('"All present" marks every unmarked, unlocked row a full day (gangs at full headcount)', () => {
    const rows = [
      row('a'),
      row('b', { fraction: 0.5, ot_hours: 0 }),
      row('c', { locked: true }),
      row('d', { elsewhere: 0.25 }),
      row('e', { elsewhere: 1 }),
      row('g', { headcount: 15 }),
    ];
    const typed = setMark(EMPTY_DRAFT, 'a', { fraction: 0, ot_hours: 0, headcount: null });
    const draft = allPresent(rows, typed, {});
    expect(draft.marks).toEqual({
      a: { fraction: 0, ot_hours: 0, headcount: null }, // typed absent before: kept
      d: { fraction: 0.75, ot_hours: 0, headcount: null },
      e: { fraction: 0, ot_hours: 0, headcount: null },
      g: { fraction: 1, ot_hours: 0, headcount: 15 },
    });
    expect(maxFraction(rows[3]!)).toBe(0.75);
  });

  it('counts present people (a gang by its headcount) and man-days of what is shown', () => {
    const rows = [
      row('a', { fraction: 1, ot_hours: 0 }),
      row('b'),
      row('c'),
      row('g', { headcount: 10 }),
    ];
    let draft: MusterDraft = setMark(EMPTY_DRAFT, 'b', {
      fraction: 0.5,
      ot_hours: 1,
      headcount: null,
    });
    draft = setMark(draft, 'g', { fraction: 0.75, ot_hours: 0, headcount: 8 });
    const pending = { c: { fraction: 0, ot_hours: 0, headcount: null } };
    expect(musterTotals(rows, draft, pending)).toEqual({ marked: 4, present: 10, man_days: 7.5 });
  });

  it('sends only the typed marks that change what the server has or will have', () => {
    const rows = [
      row('a', { fraction: 1, ot_hours: 0 }),
      row('b', { fraction: 1, ot_hours: 0 }),
      row('c'),
      row('d'),
      row('e', { locked: true, fraction: 1 }),
    ];
    let draft = setMark(EMPTY_DRAFT, 'a', { fraction: 1, ot_hours: 0, headcount: null }); // same
    draft = setMark(draft, 'b', { fraction: 1, ot_hours: 1.5, headcount: null }); // overtime added
    draft = setMark(draft, 'c', { fraction: 0.25, ot_hours: 0, headcount: null }); // as queued
    draft = setMark(draft, 'd', { fraction: 0, ot_hours: 0, headcount: null });
    draft = setMark(draft, 'e', { fraction: 0, ot_hours: 0, headcount: null }); // locked
    const pending = pendingMarks(
      [
        { date: '2026-11-29', entries: [{ worker: 'c', fraction: 0.25 }] },
        { date: '2026-11-28', entries: [{ worker: 'd', fraction: 0 }] }, // another date
      ],
      '2026-11-29',
    );
    expect(attendanceBody('2026-11-29', rows, draft, pending)).toEqual({
      date: '2026-11-29',
      entries: [
        { worker: 'b', fraction: 1, ot_hours: 1.5 },
        { worker: 'd', fraction: 0 },
      ],
    });
    expect(attendanceBody('2026-11-29', rows, EMPTY_DRAFT, pending)).toBeNull();
  });

  it('shows the typed mark, else the queued one (the later save wins), else the server’s', () => {
    const r = row('a', { fraction: 1, ot_hours: 0 });
    const pending = pendingMarks(
      [
        { date: 'd', entries: [{ worker: 'a', fraction: 0.5 }] },
        { date: 'd', entries: [{ worker: 'a', fraction: 0.25, ot_hours: 1 }] },
      ],
      'd',
    );
    expect(shownMark(r, EMPTY_DRAFT, {})).toEqual({ fraction: 1, ot_hours: 0, headcount: null });
    expect(shownMark(r, EMPTY_DRAFT, pending)).toEqual({
      fraction: 0.25,
      ot_hours: 1,
      headcount: null,
    });
    const typed = setMark(EMPTY_DRAFT, 'a', { fraction: 0, ot_hours: 0, headcount: null });
    expect(shownMark(r, typed, pending).fraction).toBe(0);
  });

  it('lists workers added from another site after the site’s own, once', () => {
    const lent = { worker: 'x', worker_site: 's2', name: 'Lent', trade: 'Helper', site_name: 'B' };
    const rows = musterRows([row('a'), row('x', { worker_site: 's2' })], [lent]);
    expect(rows.map((r) => r.worker)).toEqual(['a', 'x']);
    expect(musterRows([row('a')], [lent]).map((r) => r.worker)).toEqual(['a', 'x']);
  });

  it('steps overtime by quarter hours within 0–12 and reads a damaged draft as empty', () => {
    expect(stepOt(0, -1)).toBe(0);
    expect(stepOt(0.75, 1)).toBe(1);
    expect(stepOt(12, 1)).toBe(12);
    expect(parseDraft('nonsense')).toEqual(EMPTY_DRAFT);
    expect(parseDraft({ marks: { a: { fraction: 1 } }, lent: [{ worker: 1 }] })).toEqual({
      marks: { a: { fraction: 1, ot_hours: 0, headcount: null } },
      lent: [],
    });
  });
});
