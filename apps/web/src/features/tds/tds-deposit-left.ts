import { rupeesMinus, type TdsDeposit } from '@siteledger/domain';

/**
 * What is left to deposit of a section's month: a challan deposits the deductor's month (every
 * site of the TAN) whichever site records it, so the deductor's figures decide (rupees).
 */
export const leftToDeposit = (row: TdsDeposit): number =>
  rupeesMinus(row.deductor_tds_amount, row.deductor_deposited);

/** The TAN's month is more than this site's: its other sites deducted or deposited some of it. */
export const sharedWithOtherSites = (row: TdsDeposit): boolean =>
  row.deductor_tds_amount !== row.tds_amount || row.deductor_deposited !== row.deposited;
