import { z } from 'zod';
import { TEXT_ISSUE_KEY } from './form';
import {
  BUSINESS_DATE_MESSAGE,
  GSTIN_CHECK_MESSAGE,
  PLANNED_DATE_MESSAGE,
} from '@siteledger/domain';

/*
 * Forms validate with the domain's zod schemas (the ones the server checks a request with), so a
 * limit lives in one place. The domain's messages are English for the API; `formSchema` rewrites
 * each issue as the i18n key the form shows — the same keys the forms always used:
 *
 *   const schema = formSchema(zItemCreate, { name: 'validation.nameRequired' });
 *   useForm({ resolver: zodResolver(schema), … });  …  fieldError(t, errors.name)
 */

/** The domain's own (English) refinement messages → the key the web shows for them. */
export const DOMAIN_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Name is required': 'validation.nameRequired',
  'Password is required': 'validation.passwordRequired',
  'At most 2 decimals': 'validation.twoDecimals',
  'At most 3 decimals': 'kit.validation.threeDecimals',
  'Must be greater than 0': 'kit.validation.positive',
  [BUSINESS_DATE_MESSAGE]: 'validation.businessDateRange',
  [PLANNED_DATE_MESSAGE]: 'validation.plannedDateRange',
  'Invalid email address': 'validation.emailInvalid',
  'Invalid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV)': 'vendors.validation.gstin',
  [GSTIN_CHECK_MESSAGE]: 'vendors.validation.gstinCheck',
};

/**
 * What went wrong with a value, as a form names it: `required` (nothing typed), zod's issue code,
 * or `not_whole` (a whole number was asked for).
 */
export type IssueKind =
  | 'required'
  | 'invalid_type'
  | 'not_whole'
  | 'too_small'
  | 'invalid_value'
  | 'invalid_format'
  | 'custom';

/**
 * Per field (its dotted path, or its last segment for list rows): the key shown when the value is
 * missing or not one the schema takes — one key for all of that, or one per kind of issue.
 * Length, number-size and text issues keep their shared keys.
 */
export type FieldMessageKeys = Readonly<
  Partial<Record<string, string | Readonly<Partial<Record<IssueKind, string>>>>>
>;

function kindOf(issue: z.core.$ZodIssue): string {
  return issue.code === 'invalid_type' && issue.expected === 'int' ? 'not_whole' : issue.code;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The form's own checks carry an i18n key ("validation.phoneInvalid"); the domain's, a sentence. */
const isMessageKey = (message: string) => /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(message);

/** The i18n key a form shows for one issue of a domain schema. */
export function issueMessageKey(
  issue: z.core.$ZodIssue,
  input: unknown,
  keys: FieldMessageKeys = {},
): string {
  const params = issue.code === 'custom' ? (issue.params as { text_issue?: unknown }) : undefined;
  if (typeof params?.text_issue === 'string') return `${TEXT_ISSUE_KEY}${params.text_issue}`;
  if (isMessageKey(issue.message)) return issue.message;
  if (issue.code === 'too_big') {
    return issue.origin === 'number' || issue.origin === 'bigint'
      ? 'validation.tooLarge'
      : 'validation.tooLong';
  }
  const value = valueAt(input, issue.path);
  const field = keys[issue.path.join('.')] ?? keys[String(issue.path.at(-1) ?? '')];
  const own =
    typeof field === 'string'
      ? field
      : ((isEmpty(value) ? field?.required : undefined) ?? field?.[kindOf(issue) as IssueKind]);
  if (own) return own;
  const domain = DOMAIN_MESSAGE_KEYS[issue.message];
  if (domain) return domain;
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return 'validation.required';
      return issue.expected === 'number' ? 'kit.validation.number' : issue.message;
    case 'too_small':
      if (issue.origin === 'number') {
        return issue.minimum === 0 && !issue.inclusive
          ? 'kit.validation.positive'
          : 'kit.validation.notNegative';
      }
      return 'validation.required';
    case 'invalid_value':
      return isEmpty(value) ? 'validation.required' : issue.message;
    default:
      return issue.message;
  }
}

/**
 * A domain schema as a form validates with it: the same rules and output, with every message an
 * i18n key for `fieldError`. Forms add their own fields or checks on the domain schema first
 * (`zVendorCreate.extend({ … })`), and keep the result at module level.
 */
export function formSchema<Output, Input>(
  schema: z.ZodType<Output, Input>,
  keys: FieldMessageKeys = {},
): z.ZodType<Output, Input> {
  const localized = z.unknown().transform((input, ctx) => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path,
        message: issueMessageKey(issue, input, keys),
        params: { domain_code: issue.code },
      });
    }
    return z.NEVER;
  });
  return localized as unknown as z.ZodType<Output, Input>;
}

/**
 * A domain text field (`zLine(200).optional().nullable()`) as a form's text box holds it: a string,
 * '' for none, trimmed and limited by the domain field, with keyed messages. For schemas that
 * are not wrapped whole in `formSchema`.
 */
export function formText(
  field: z.ZodType<string | null | undefined, string | null | undefined>,
): z.ZodType<string, string> {
  // The domain field takes null and undefined too; the form only ever gives it a string.
  const domain = field as z.ZodType<string | null | undefined, string>;
  return formSchema(
    z
      .string()
      .pipe(domain)
      .transform((value) => value ?? ''),
  );
}
