import { numberFormat } from './format';
import { i18n } from './i18n';

/* Quantities as figures show them (components/ui/quantity-field.tsx re-exports both). */

/** The unit as figures show it, in the user's language ("bag", "बोरी"; "ton" → "MT"). */
export function unitShort(unit: string): string {
  const key = `kit.unitShort.${unit}`;
  return i18n.exists(key) ? i18n.t(key) : unit;
}

/** 1234.5 → "1,234.5"; with a unit → "1,234.5 bag". */
export function formatQuantity(value: number, unit?: string): string {
  const number = numberFormat(3).format(Number.isFinite(value) ? value : 0);
  return unit ? `${number} ${unitShort(unit)}` : number;
}
