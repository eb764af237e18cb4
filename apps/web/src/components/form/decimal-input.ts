/*
 * Zod-free, unlike money-field.tsx that re-exports it: useFieldProps reads decimals with it and
 * the sign-in pages use that hook (lib/form.ts says why they carry no zod).
 */

/**
 * '' / null / undefined → undefined (empty); "1,23,456.50" → 123456.5; anything else → NaN.
 * Numbers pass through. Use as `setValueAs` in register.
 */
export function parseDecimalInput(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return undefined;
  const text = String(value).replace(/[,\s₹]/g, '');
  if (text === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}
