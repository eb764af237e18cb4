import { money, qty, rate, ref, text } from './codecs.js';
import { siteRecord } from './define.js';

/**
 * Site budgets (modules/budgets; issue 45, API.md "Budgets"). Owners edit budgets (the budget is
 * the owner's promise to himself); every member reads them (supervisors see remaining quantities).
 */
export const BUDGET_TYPES = [
  siteRecord({
    collection: 'budget_lines',
    description:
      'A line of the site’s budget: a cost head, optionally an item with quantity and rate; its committed and actual figures are kept by the writes that change them.',
    page: {
      path: '/budget',
      key: 'budget',
      order: 87,
      listPage: 'budgets/budget-page',
      icon: 'PiggyBank',
      shortcut: 'u',
    },
    permissions: { read: 'canRead', create: 'owner', update: 'owner', delete: 'owner' },
    audit: { entity: 'budget_lines', parts: { revisions: 'budget_line_revisions' } },
    nameField: 'name',
    idempotent: true,
    list: {
      sorts: ['head', 'name', 'amount', 'committed', 'actual', 'created', 'updated'],
      defaultSort: 'head,name',
      filters: ['head', 'item'],
      search: ['name', 'notes'],
    },
    fields: {
      head: text(),
      name: text(),
      item: ref('items'),
      quantity: qty(),
      unit_rate: money(),
      amount: money(),
      original_amount: money(),
      percent_complete: rate(),
      notes: text(),
      committed: money(),
      actual: money(),
      ordered: qty(),
      received: qty(),
      consumed: qty(),
      on_order: qty(),
    },
    tables: [
      {
        table: 'budget_line_revisions',
        shownIn: ['budget_lines'],
        fields: {
          budget_line: ref('budget_lines'),
          old_amount: money(),
          new_amount: money(),
          old_quantity: qty(),
          new_quantity: qty(),
          reason: text(),
        },
      },
    ],
  }),
] as const;
