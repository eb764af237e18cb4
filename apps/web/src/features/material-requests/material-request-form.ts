/**
 * The material request form's values, schema (the domain's `zMaterialRequestCreate`, as a form
 * holds it: '' for no date or note) and the bodies it sends.
 */
import {
  MAX_REQUEST_LINES,
  zPlannedDate,
  zMaterialRequestCreate,
  zMaterialRequestLineInput,
  zQuantity,
  type MaterialRequest,
  type MaterialRequestCreate,
  type MaterialRequestUpdate,
} from '@siteledger/domain';
import { z } from 'zod';
import { formSchema } from '../../lib/form-schema';
import { readBody, type BodyReader, type QueueEntry } from '../../lib/offline-queue';

export interface RequestLineInput {
  item: string;
  quantity?: number | undefined;
  notes: string;
}

export interface RequestFormInput {
  items: RequestLineInput[];
  needed_by: string;
  notes: string;
}

export const emptyRequestLine = (): RequestLineInput => ({
  item: '',
  quantity: undefined,
  notes: '',
});

export const requestFormSchema = formSchema(
  z.object({
    items: z
      .array(
        zMaterialRequestLineInput.extend({
          quantity: z.number().optional().pipe(zQuantity),
          notes: z.string().pipe(zMaterialRequestLineInput.shape.notes.unwrap().unwrap()),
        }),
      )
      .min(1)
      .max(MAX_REQUEST_LINES),
    needed_by: z.union([z.literal(''), zPlannedDate]),
    notes: z.string().pipe(zMaterialRequestCreate.shape.notes.unwrap().unwrap()),
  }),
  {
    item: 'materialRequests.validation.itemRequired',
    items: 'materialRequests.validation.atLeastOneLine',
    needed_by: 'kit.validation.date',
  },
);
export type RequestFormValues = z.output<typeof requestFormSchema>;

/** The server fields a refusal may name, shown under their fields. */
export const REQUEST_FIELDS = ['items', 'needed_by', 'notes'] as const;

export function requestFormDefaults(request: MaterialRequest | null): RequestFormInput {
  return {
    items: request
      ? request.items.map((line) => ({
          item: line.item,
          quantity: line.quantity,
          notes: line.notes ?? '',
        }))
      : [emptyRequestLine()],
    needed_by: request?.needed_by ?? '',
    notes: request?.notes ?? '',
  };
}

/** A refused queued request's body back as form values ("Edit and retry"). */
export function queuedRequestValues(queued: QueueEntry): RequestFormInput {
  const body = readBody(queued.body);
  const items = body.list('items').map((line: BodyReader) => ({
    item: line.text('item'),
    quantity: line.num('quantity'),
    notes: line.text('notes'),
  }));
  return {
    items: items.length > 0 ? items : [emptyRequestLine()],
    needed_by: body.text('needed_by'),
    notes: body.text('notes'),
  };
}

export function requestUpdateBody(values: RequestFormValues): MaterialRequestUpdate {
  return {
    items: values.items.map((line) => ({
      item: line.item,
      quantity: line.quantity,
      notes: line.notes || null,
    })),
    needed_by: values.needed_by || null,
    notes: values.notes || null,
  };
}

export function requestCreateBody(
  values: RequestFormValues,
  submit: boolean,
): MaterialRequestCreate {
  const { items, needed_by, notes } = requestUpdateBody(values);
  return { items: items ?? [], needed_by, notes, submit };
}
