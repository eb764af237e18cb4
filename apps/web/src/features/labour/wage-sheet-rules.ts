/**
 * What a wage sheet's page offers, by its state and the viewer's role (API.md "Labour"), and the
 * periods the "New wage sheet" form suggests. The server enforces each of these; the page only
 * leaves out the buttons it would refuse.
 */
import type { Role, WageSheet } from '@siteledger/domain';
import { todayIso } from '../../lib/today';

type SheetState = Pick<WageSheet, 'status' | 'labour_contractor' | 'paid_amount'>;

export interface SheetActions {
  approve: boolean;
  pay: boolean;
  remove: boolean;
}

/** A labour contractor's sheet is a bill of that vendor: "Pay" records his payment of it. */
export const isContractorSheet = (sheet: Pick<WageSheet, 'labour_contractor'>): boolean =>
  sheet.labour_contractor !== null;

/**
 * Approve: an owner, a draft. Pay: an owner any unpaid sheet (paying approves it), an accountant
 * an approved one — the site's own workers from an account, a contractor's sheet as his payment.
 * Delete: an owner, while nothing is paid.
 */
export function sheetActions(sheet: SheetState, role: Role | null | undefined): SheetActions {
  const owner = role === 'owner';
  const unpaid = sheet.status !== 'paid' && sheet.paid_amount === 0;
  return {
    approve: owner && sheet.status === 'draft',
    pay:
      sheet.status !== 'paid' && (owner || (role === 'accountant' && sheet.status === 'approved')),
    remove: owner && unpaid,
  };
}

export interface Period {
  from: string;
  to: string;
}

/** Last week, Monday to Sunday (sites pay weekly, usually on the Monday after). */
export function lastWeek(today: string = todayIso()): Period {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  // getDay: Sunday 0 … Saturday 6; days back to this week's Monday.
  const sinceMonday = (date.getDay() + 6) % 7;
  const monday = new Date(year, month - 1, day - sinceMonday - 7);
  const sunday = new Date(year, month - 1, day - sinceMonday - 1);
  return { from: todayIso(monday), to: todayIso(sunday) };
}

/**
 * This month up to today: a sheet locks the attendance it counts, so a period running past today
 * would lock days not marked yet.
 */
export function thisMonth(today: string = todayIso()): Period {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** The wage register's month for a sheet: the month its period ends in (YYYY-MM). */
export const registerMonth = (sheet: Pick<WageSheet, 'to'>): string => sheet.to.slice(0, 7);
