import type { SelectOption } from '../../components/ui/select-field';

/** Select options for a fixed list of values, labelled from `prefix.value` in the locales. */
export const enumOptions = (
  t: (key: string) => string,
  prefix: string,
  values: readonly string[],
): SelectOption[] => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
