/**
 * The budget line dialog's schema and the body it sends: the domain's own limits (names, notes,
 * percent) through `formSchema`'s texts, numbers through the kit's decimal schemas. An edit that
 * moves the budget must say why (the server keeps the reason with the revision).
 */
import {
  BUDGET_HEADS,
  zBudgetLineCreate,
  zBudgetLineUpdate,
  type BudgetLine,
  type BudgetLineCreate,
  type BudgetLineUpdate,
} from '@siteledger/domain';
import { z } from 'zod';
import { moneySchema } from '../../components/ui/money-field';
import { quantitySchema } from '../../components/ui/quantity-field';
import { formText } from '../../lib/form-schema';
import { lineAmount } from './budget-view';

const percentSchema = z
  .number({ error: 'kit.validation.number' })
  .min(0, 'kit.validation.notNegative')
  .max(100, 'validation.tooLarge');

export const budgetLineSchema = z
  .object({
    head: z.enum(BUDGET_HEADS),
    name: formText(zBudgetLineCreate.shape.name),
    item: z.string(),
    quantity: quantitySchema().optional(),
    unit_rate: moneySchema().optional(),
    amount: moneySchema().optional(),
    percent_complete: percentSchema.optional(),
    notes: formText(zBudgetLineCreate.shape.notes),
    reason: formText(zBudgetLineUpdate.shape.reason),
    /** The budget the line had when the dialog opened (null for a new line). */
    original: z.number().nullable(),
  })
  .superRefine((values, ctx) => {
    const amount = lineAmount(values.quantity, values.unit_rate, values.amount);
    if (amount === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'budgets.validation.amountRequired',
      });
    } else if (values.original !== null && amount !== values.original && !values.reason.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'budgets.validation.reasonRequired',
      });
    }
  });

export type BudgetLineFormInput = z.input<typeof budgetLineSchema>;
export type BudgetLineFormValues = z.output<typeof budgetLineSchema>;

export const BUDGET_LINE_FIELDS = [
  'head',
  'name',
  'item',
  'quantity',
  'unit_rate',
  'amount',
  'percent_complete',
  'notes',
  'reason',
] as const;

export function budgetLineDefaults(line: BudgetLine | null): BudgetLineFormInput {
  return {
    head: line?.head ?? 'material',
    name: line?.name ?? '',
    item: line?.item ?? '',
    quantity: line?.quantity ?? undefined,
    unit_rate: line?.unit_rate ?? undefined,
    amount: line?.amount ?? undefined,
    percent_complete: line?.percent_complete ?? undefined,
    notes: line?.notes ?? '',
    reason: '',
    original: line?.amount ?? null,
  };
}

/** A create's body: empty optional fields sent as null, the amount as the dialog computed it. */
export function budgetLineBody(values: BudgetLineFormValues): BudgetLineCreate {
  return {
    head: values.head,
    name: values.name,
    item: values.item || null,
    quantity: values.quantity ?? null,
    unit_rate: values.unit_rate ?? null,
    amount: lineAmount(values.quantity, values.unit_rate, values.amount),
    percent_complete: values.percent_complete ?? null,
    notes: values.notes || null,
  };
}

/** An edit's body: the create's, with the reason when the budget moved. */
export function budgetLineUpdateBody(values: BudgetLineFormValues): BudgetLineUpdate {
  const body = budgetLineBody(values);
  const moved = values.original !== null && body.amount !== values.original;
  return moved ? { ...body, reason: values.reason.trim() || null } : body;
}
