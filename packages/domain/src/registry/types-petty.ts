import { bizDate, files, money, rate, ref, text } from './codecs.js';
import { siteRecord } from './define.js';

/**
 * Petty cash (modules/petty; issue 46, API.md "Petty cash"). An imprest is money out of an
 * account: owners issue one; whoever sees the money reads it (the holder's balance). Expenses are
 * recorded by whoever creates (the service lets a holder record only on his own imprest, an
 * owner on any); owners approve and reject (their own routes).
 */
export const PETTY_TYPES = [
  siteRecord({
    collection: 'imprests',
    shownIn: ['accounts', 'account_transactions'],
    description:
      'A holder’s petty cash on a site: a fixed level issued from an account, spent by petty expenses and replenished back to the level.',
    permissions: {
      read: 'canViewFinancials',
      create: 'owner',
      update: 'owner',
      delete: 'owner',
    },
    audit: { entity: 'imprests', financial: true },
    idempotent: true,
    list: {
      sorts: ['issued_date', 'amount', 'created'],
      defaultSort: '-issued_date',
      filters: ['holder'],
      search: ['notes'],
      date: 'issued_date',
    },
    fields: {
      holder: ref('users'),
      amount: money(),
      issued_date: bizDate(),
      account: ref('accounts'),
      notes: text(),
    },
    tables: [
      {
        table: 'imprest_replenishments',
        shownIn: ['imprests', 'accounts', 'account_transactions'],
        fields: {
          imprest: ref('imprests'),
          amount: money(),
          replenish_date: bizDate(),
          account: ref('accounts'),
        },
      },
    ],
  }),
  siteRecord({
    collection: 'petty_expenses',
    shownIn: ['imprests', 'budget_lines'],
    page: {
      path: '/petty-cash',
      key: 'pettyCash',
      order: 95,
      listPage: 'petty/petty-page',
      icon: 'Coins',
      shortcut: 'h',
    },
    description:
      'Cash spent from an imprest: what for, the bill’s total and photo, a budget line; a supplier’s GSTIN and rate make it a purchase-register row. Above the site’s threshold it waits for an owner.',
    permissions: {
      read: 'canRead',
      create: 'canCreate',
      update: 'canUpdate',
      delete: 'owner',
    },
    audit: { entity: 'petty_expenses', financial: true },
    idempotent: true,
    // A supervisor's "Spent" on a phone without signal waits in the offline queue, photo and all.
    offlineQueued: true,
    list: {
      sorts: ['expense_date', 'amount', 'status', 'created'],
      defaultSort: '-expense_date,-created',
      filters: ['imprest', 'status', 'budget_line'],
      search: ['description'],
      date: 'expense_date',
    },
    fields: {
      imprest: ref('imprests'),
      expense_date: bizDate(),
      amount: money(),
      description: text(),
      budget_line: ref('budget_lines'),
      vendor_gstin: text(),
      gst_rate: rate(),
      taxable_amount: money(),
      cgst_amount: money(),
      sgst_amount: money(),
      igst_amount: money(),
      head: text(),
      status: text(),
      reject_reason: text(),
      decided_by: ref('users'),
      replenishment: ref('imprest_replenishments'),
      photos: files(),
    },
  }),
] as const;
