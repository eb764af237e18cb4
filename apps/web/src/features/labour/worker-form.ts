/**
 * The worker form's schema and body: the domain's zWorkerCreate (the server's own rules) with the
 * form's shapes — '' for no contractor, phone or notes, and a "gang" switch that asks for the
 * headcount of a gang a contractor does not name.
 */
import {
  DEFAULT_NORMAL_HOURS,
  zWorkerCreate,
  type Worker,
  type WorkerCreate,
} from '@siteledger/domain';
import { z } from 'zod';
import { formSchema } from '../../lib/form-schema';
import { readBody, type QueueEntry } from '../../lib/offline-queue';

export const workerFormSchema = formSchema(
  zWorkerCreate
    .extend({
      labour_contractor: z.string(),
      phone: z.string().pipe(z.string().max(40)),
      notes: z.string().pipe(z.string().max(1000)),
      active: z.boolean(),
      gang: z.boolean(),
      // Read only for a gang (the box is hidden otherwise): NaN from an empty box is "none".
      headcount: z.union([z.number(), z.nan(), z.null()]).optional(),
    })
    .superRefine((values, ctx) => {
      if (!values.gang) return;
      const count = values.headcount;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000)
        ctx.addIssue({
          code: 'custom',
          path: ['headcount'],
          message: 'labour.validation.headcount',
        });
    }),
  {
    trade: 'labour.validation.tradeRequired',
    daily_wage: { required: 'labour.validation.dailyWageRequired' },
    normal_hours: 'labour.validation.normalHours',
  },
);

export type WorkerFormInput = z.input<typeof workerFormSchema>;
export type WorkerFormValues = z.output<typeof workerFormSchema>;

export const WORKER_FIELDS = [
  'name',
  'trade',
  'daily_wage',
  'normal_hours',
  'phone',
  'labour_contractor',
  'gang',
  'headcount',
  'active',
  'notes',
] as const;

export function workerDefaults(worker: Worker | null): WorkerFormInput {
  return {
    name: worker?.name ?? '',
    trade: worker?.trade ?? '',
    daily_wage: worker?.daily_wage as number,
    normal_hours: worker?.normal_hours ?? DEFAULT_NORMAL_HOURS,
    phone: worker?.phone ?? '',
    labour_contractor: worker?.labour_contractor ?? '',
    gang: worker ? worker.headcount !== null : false,
    headcount: worker?.headcount ?? null,
    active: worker?.active ?? true,
    notes: worker?.notes ?? '',
  };
}

/** What the POST or PATCH sends: empty optional fields are none, a person has no headcount. */
export function workerBody({ gang, headcount, ...values }: WorkerFormValues): WorkerCreate {
  return {
    ...values,
    phone: values.phone.trim() || null,
    notes: values.notes.trim() || null,
    labour_contractor: values.labour_contractor || null,
    headcount: gang && typeof headcount === 'number' && !Number.isNaN(headcount) ? headcount : null,
  };
}

/** A queued new worker (refused by the server, opened to be fixed) as the form's values. */
export function queuedWorkerValues(entry: QueueEntry): WorkerFormInput {
  const body = readBody(entry.body);
  const raw = (entry.body ?? {}) as { active?: unknown };
  const headcount = body.num('headcount') ?? null;
  return {
    name: body.text('name'),
    trade: body.text('trade'),
    daily_wage: body.num('daily_wage') as number,
    normal_hours: body.num('normal_hours') ?? DEFAULT_NORMAL_HOURS,
    phone: body.text('phone'),
    labour_contractor: body.text('labour_contractor'),
    gang: headcount !== null,
    headcount,
    active: raw.active !== false,
    notes: body.text('notes'),
  };
}
