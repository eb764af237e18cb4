import {
  accountGroups,
  type AccountDuplicates,
  type AccountMerge,
  type AccountMergeResult,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import { forUpdate } from '../../db/locking.js';
import type { AccountsTable, Database } from '../../db/schema.js';
import { recordAuditEntry } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { releaseQuota } from '../../platform/plan-limits.js';
import { rupees } from '../../platform/record-shape.js';
import {
  announceMerge,
  businessSites,
  countReferences,
  ownedBusiness,
  referencesTo,
  repointReferences,
  runMerge,
} from './merge-parts.js';

/*
 * Money accounts that are one account become one (issue 47: the same HDFC account entered on
 * three sites with three opening balances): every posting, payment, refund, imprest, wage sheet
 * and challan of the merged accounts names the kept one, whose opening balance and current
 * balance become the sums — so the business's money in total is unchanged to the paisa, and
 * current = opening + Σ postings still holds (integrity check).
 */

type AccountRow = AccountsTable;

const accountColumns = () => referencesTo('accounts');

function lockAccounts(trx: Transaction<Database>, ids: readonly string[]) {
  return forUpdate(
    trx,
    trx
      .selectFrom('accounts')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id'),
  ).execute();
}

/** GET /api/businesses/{id}/account_duplicates: groups of the business's accounts, oldest first. */
export async function accountDuplicates(
  ctx: AppContext,
  userId: string,
  businessId: string,
): Promise<AccountDuplicates> {
  const db = ctx.db.kysely;
  await ownedBusiness(db, userId, businessId);
  const sites = await businessSites(db, businessId);
  const accounts =
    sites.size === 0
      ? []
      : await db
          .selectFrom('accounts')
          .selectAll()
          .where('site_id', 'in', [...sites.keys()])
          .orderBy('created')
          .orderBy('id')
          .execute();
  return {
    groups: accountGroups(accounts).map((group) => ({
      name: group[0]!.name,
      type: group[0]!.type,
      accounts: group.map((a) => ({
        id: a.id,
        site: a.site_id,
        site_name: sites.get(a.site_id) ?? '',
        name: a.name,
        account_number: a.account_number,
        ...rupees({
          opening_balance: Number(a.opening_balance),
          current_balance: Number(a.current_balance),
        }),
      })),
    })),
  };
}

async function mergeAccountRows(
  trx: Transaction<Database>,
  keep: AccountRow,
  gone: readonly AccountRow[],
): Promise<void> {
  const ids = gone.map((a) => a.id);
  await repointReferences(trx, accountColumns(), ids, keep.id);
  const opening = [keep, ...gone].reduce((sum, a) => sum + Number(a.opening_balance), 0);
  const current = [keep, ...gone].reduce((sum, a) => sum + Number(a.current_balance), 0);
  const filled: Partial<AccountRow> = {};
  if (keep.account_number === null) {
    filled.account_number = gone.find((a) => a.account_number !== null)?.account_number ?? null;
  }
  if (keep.bank_name === null) {
    filled.bank_name = gone.find((a) => a.bank_name !== null)?.bank_name ?? null;
  }
  // Postings moved the kept account's balance when they were made; the sums keep
  // current = opening + Σ postings now that the merged accounts' postings are its own.
  await trx
    .updateTable('accounts')
    .set({
      ...filled,
      opening_balance: opening,
      current_balance: current,
      is_active: [keep, ...gone].some((a) => a.is_active === 1) ? 1 : 0,
      updated: nowIso(),
    })
    .where('id', '=', keep.id)
    .execute();
  for (const account of gone) {
    await recordAuditEntry(
      trx,
      { entity: 'accounts', siteId: account.site_id, id: account.id, action: 'delete' },
      {
        name: { old: account.name, new: null },
        opening_balance: { old: rupees({ v: Number(account.opening_balance) }).v, new: null },
        merged_into: { old: null, new: { id: keep.id, name: keep.name } },
      },
    );
  }
  await recordAuditEntry(
    trx,
    { entity: 'accounts', siteId: keep.site_id, id: keep.id, action: 'update' },
    {
      merged: { old: null, new: gone.map((a) => ({ id: a.id, name: a.name, site: a.site_id })) },
      opening_balance: {
        old: rupees({ v: Number(keep.opening_balance) }).v,
        new: rupees({ v: opening }).v,
      },
    },
  );
  await trx.deleteFrom('accounts').where('id', 'in', ids).execute();
  for (const account of gone) {
    await releaseQuota(trx, account.site_id, 'accounts', account.created);
  }
}

/**
 * POST /api/businesses/{id}/account_merges: `accounts` become `keep`, all of the business's sites
 * (owner only); with `preview` nothing changes.
 */
export async function mergeAccounts(
  ctx: AppContext,
  userId: string,
  businessId: string,
  input: AccountMerge,
): Promise<AccountMergeResult> {
  const { answer, sites } = await runMerge(
    ctx,
    userId,
    businessId,
    { keep: input.keep, ids: input.accounts, preview: input.preview },
    {
      field: 'accounts',
      noun: 'Account',
      pickMessage: 'Choose an account to merge into this one',
      unknownMessage: 'Unknown account',
      rows: (db, trx, ids) =>
        trx
          ? lockAccounts(trx, ids)
          : db.selectFrom('accounts').selectAll().where('id', 'in', ids).execute(),
      check: (keep, gone) => {
        // A bank account and a cash box are never one account.
        if (gone.some((a) => a.type !== keep.type)) {
          throw new AppError('VALIDATION_FAILED', {
            accounts: {
              code: 'type_mismatch',
              message: 'Accounts of different types cannot merge',
            },
          });
        }
      },
      answer: async (keep, gone, others) => {
        const all = [keep, ...gone];
        return {
          preview: input.preview === true,
          keep: { id: keep.id, name: keep.name },
          merged: gone.map((a) => ({ id: a.id, site: a.site_id, name: a.name })),
          ...rupees({
            opening_balance: all.reduce((sum, a) => sum + Number(a.opening_balance), 0),
            current_balance: all.reduce((sum, a) => sum + Number(a.current_balance), 0),
          }),
          records: await countReferences(ctx.db.kysely, accountColumns(), others),
        };
      },
      write: mergeAccountRows,
    },
  );
  if (!input.preview) {
    announceMerge(ctx, sites, userId, 'accounts', [
      'accounts',
      'account_transactions',
      'payments',
      'imprests',
      'vendor_refunds',
    ]);
  }
  return answer;
}
