import {
  tdsDueDate,
  toPaise,
  type TdsChallan,
  type TdsChallanCreate,
  type TdsChallanListQuery,
  type TdsChallanUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database, TdsChallansTable } from '../../db/schema.js';
import { siteRows } from '../../db/site-rows.js';
import { deductorSites } from '../../db/tds-deductor.js';
import { noteOtherSite } from '../../db/write-tracking.js';
import { recordService, storedRecord } from '../../platform/record-service.js';
import { postTransaction, removePostings } from '../accounts/account-postings.js';

type Row = TdsChallansTable;
const rows = siteRows('tds_challans');
const stored = storedRecord<Omit<TdsChallan, 'due_date'>>('tds_challans');

/** A challan with the date its month's TDS was due (rule 30: the 7th, 30 April for March). */
export function toChallan(row: Row): TdsChallan {
  return { ...stored(row), due_date: tdsDueDate(`${row.month}-01`) };
}

/** The challan's debit of its account, named after it (account-postings.ts moves the balance). */
async function post(trx: Transaction<Database>, row: Row, userId: string) {
  if (!row.account) return;
  await postTransaction(trx, {
    siteId: row.site_id,
    account: row.account,
    type: 'debit',
    amount: row.amount,
    date: row.deposit_date,
    description: `TDS ${row.section} deposited for ${row.month}`,
    reference: `${row.bsr_code}/${row.challan_serial}`,
    tds_challan: row.id,
    category: 'tds_deposit',
    userId,
  });
}

/**
 * A challan deposits the deductor's month, whichever site of the TAN records it: the other sites'
 * deposit status and "TDS to deposit" move with it, so they hear of the write.
 */
async function tellDeductor(trx: Transaction<Database>, siteId: string): Promise<void> {
  for (const site of await deductorSites(trx, siteId)) {
    if (site !== siteId) noteOtherSite(site, 'tds_challans');
  }
}

/**
 * TDS challans (issue 43 "TDS register and deposits") on the generic record service: a deposit
 * per section and month, paid from an account whose debit follows every edit and goes with it.
 */
export const challans = recordService<
  Row,
  TdsChallan,
  TdsChallanCreate,
  TdsChallanUpdate,
  TdsChallanListQuery
>('tds_challans', {
  noun: 'TDS challan',
  find: rows.find,
  lock: rows.lock,
  shape: async (_scope, list) => list.map(toChallan),
  list: { query: (db) => db.selectFrom('tds_challans').selectAll() },
  create: {
    insert: async (trx, { siteId, userId }, input, id, now) => {
      const row: Row = {
        id,
        site_id: siteId,
        section: input.section,
        month: input.month,
        bsr_code: input.bsr_code,
        challan_serial: input.challan_serial,
        deposit_date: input.deposit_date,
        amount: toPaise(input.amount),
        account: input.account ?? null,
        notes: input.notes || null,
        created_by: userId,
        created: now,
        updated: now,
      };
      await rows.insert(trx, row);
      await post(trx, row, userId);
      await tellDeductor(trx, siteId);
    },
  },
  update: {
    changes: async (_trx, _scope, _row, input) => {
      const changes: Partial<Row> = { updated: nowIso() };
      if (input.section !== undefined) changes.section = input.section;
      if (input.month !== undefined) changes.month = input.month;
      if (input.bsr_code !== undefined) changes.bsr_code = input.bsr_code;
      if (input.challan_serial !== undefined) changes.challan_serial = input.challan_serial;
      if (input.deposit_date !== undefined) changes.deposit_date = input.deposit_date;
      if (input.amount !== undefined) changes.amount = toPaise(input.amount);
      if (input.account !== undefined) changes.account = input.account ?? null;
      if (input.notes !== undefined) changes.notes = input.notes || null;
      return changes;
    },
    write: (trx, siteId, id, changes) => rows.update(trx, siteId, id, changes),
    // The debit is posted again as the challan now stands (its account, amount, date).
    after: async (trx, { siteId, userId }, id) => {
      await removePostings(trx, siteId, { tds_challan: id });
      const row = await rows.find(trx, siteId, id);
      if (row) await post(trx, row, userId);
      await tellDeductor(trx, siteId);
    },
  },
  remove: {
    before: async (trx, { siteId }, row) => {
      await removePostings(trx, siteId, { tds_challan: row.id });
      await tellDeductor(trx, siteId);
    },
    write: (trx, siteId, id) => rows.remove(trx, siteId, id),
  },
});
