import { bizDate, bool, files, int, money, qty, rate, ref, text } from './codecs.js';
import { FINANCIAL_CRUD, siteRecord } from './define.js';
import { TDS_FIELDS } from './types-purchases.js';

/** Labour (modules/labour; issue 44, API.md "Labour"). */
export const LABOUR_TYPES = [
  siteRecord({
    collection: 'workers',
    shownIn: ['attendance', 'wage_sheets', 'worker_advances'],
    page: {
      path: '/labour',
      key: 'labour',
      order: 88,
      listPage: 'labour/labour-page',
      icon: 'Users',
      shortcut: 'l',
    },
    description:
      'People working on the site (or a contractor’s gang counted by headcount), with trade and daily wage.',
    planResource: true,
    audit: { entity: 'workers' },
    nameField: 'name',
    idempotent: true,
    // A new face at the gate is added on the supervisor's phone, signal or not: the worker waits
    // in the offline queue (photo and all) and joins the muster once sent.
    offlineQueued: true,
    list: {
      sorts: ['name', 'trade', 'daily_wage', 'created', 'updated'],
      defaultSort: 'name',
      // `active` is read as true/false by the list query (a stored 0/1).
      filters: ['trade', 'labour_contractor'],
      search: ['name', 'trade', 'phone', 'notes'],
    },
    fields: {
      name: text(),
      trade: text(),
      daily_wage: money(),
      normal_hours: qty(),
      phone: text(),
      labour_contractor: ref('vendors'),
      headcount: int(),
      active: bool(),
      notes: text(),
      photos: files(),
    },
  }),
  siteRecord({
    collection: 'attendance',
    entity: 'attendance',
    shownIn: ['workers', 'wage_sheets'],
    description:
      'A day’s muster: each worker’s fraction of a day and overtime on this site (one day per person across sites).',
    // Supervisors mark the muster; the day's POST replaces entries, it has no record routes.
    permissions: { read: 'canRead', create: 'canCreate' },
    listOnly: true,
    audit: { entity: 'attendance' },
    idempotent: true,
    offlineQueued: true,
    list: {
      sorts: ['date', 'created', 'updated'],
      defaultSort: '-date',
      filters: ['worker'],
      date: 'date',
    },
    fields: {
      // A worker lent by another site of the same owner is marked here: its row is that site's.
      worker: ref('workers', { otherSite: true }),
      date: bizDate(),
      fraction: qty(),
      ot_hours: qty(),
      headcount: int(),
      wage_sheet: ref('wage_sheets'),
    },
  }),
  siteRecord({
    collection: 'worker_advances',
    shownIn: ['workers', 'accounts', 'account_transactions', 'wage_sheets'],
    description:
      'Money given to a worker ahead of wages, from an account; the next wage sheet deducts it.',
    // Whoever handles the money gives advances: accountants too (issue 44), and supervisors in cash.
    permissions: { ...FINANCIAL_CRUD, create: 'canViewFinancials' },
    audit: { entity: 'worker_advances', financial: true },
    idempotent: true,
    list: {
      sorts: ['advance_date', 'amount', 'created'],
      defaultSort: '-advance_date',
      filters: ['worker', 'account'],
      search: ['notes'],
      date: 'advance_date',
    },
    fields: {
      worker: ref('workers'),
      amount: money(),
      advance_date: bizDate(),
      account: ref('accounts'),
      notes: text(),
    },
  }),
  siteRecord({
    collection: 'wage_sheets',
    shownIn: ['workers', 'attendance', 'accounts', 'account_transactions', 'vendors', 'payments'],
    page: {
      path: '/wage-sheets',
      key: 'wageSheets',
      order: 89,
      listPage: 'labour/wage-sheets-page',
      detailPage: 'labour/wage-sheet-detail-page',
      icon: 'ReceiptIndianRupee',
      shortcut: 'j',
      tour: { add: 'ws-add', toolbar: 'wss-toolbar', table: 'wss-table' },
    },
    description:
      'Wages for a period: per worker man-days, overtime, advances deducted and net; paid from an account, or a bill of a labour contractor.',
    // Accountants make and pay sheets; owners approve (their own route) and delete.
    permissions: {
      read: 'canViewFinancials',
      create: 'canViewFinancials',
      update: 'canViewFinancials',
      delete: 'owner',
    },
    audit: { entity: 'wage_sheets', financial: true, parts: { lines: 'wage_sheet_lines' } },
    nameField: 'number',
    idempotent: true,
    list: {
      sorts: ['period_from', 'period_to', 'number', 'gross', 'net', 'status', 'created'],
      defaultSort: '-period_to,-created',
      filters: ['status', 'labour_contractor', 'payment_status'],
      search: ['number', 'notes'],
      date: 'period_to',
    },
    fields: {
      number: text(),
      sequence: int(),
      // `from` and `to` in the API: SQL keywords make poor column names.
      period_from: bizDate(),
      period_to: bizDate(),
      labour_contractor: ref('vendors'),
      status: text(),
      ot_multiplier: rate(),
      man_days: qty(),
      ot_hours: qty(),
      wages: money(),
      ot_amount: money(),
      gross: money(),
      advances: money(),
      net: money(),
      ...TDS_FIELDS,
      paid_amount: money(),
      payment_status: text(),
      account: ref('accounts'),
      payment_date: bizDate(),
      notes: text(),
      approved_by: ref('users'),
      approved_at: text(),
      budget_line: ref('budget_lines'),
    },
    tables: [
      {
        table: 'wage_sheet_lines',
        shownIn: ['wage_sheets', 'workers'],
        fields: {
          wage_sheet: ref('wage_sheets'),
          worker: ref('workers', { otherSite: true }),
          name: text(),
          trade: text(),
          daily_wage: money(),
          normal_hours: qty(),
          man_days: qty(),
          ot_hours: qty(),
          wages: money(),
          ot_amount: money(),
          gross: money(),
          advances: money(),
          net: money(),
        },
      },
      {
        table: 'wage_sheet_allocations',
        shownIn: ['wage_sheets', 'payments', 'vendors'],
        fields: {
          payment: ref('payments'),
          wage_sheet: ref('wage_sheets'),
          allocated_amount: money(),
        },
      },
    ],
  }),
] as const;
