/**
 * The GST fields the forms share: a GST rate ("No GST", 0 %, …, 40 %), a GST state
 * ("27 · Maharashtra") and a GSTIN box. Both hold their value as the API does (a rate is a number or null, a
 * state a code or ''); the native select keeps the phone's own picker.
 */
import { parseGstin, type GstStateCode } from '@siteledger/domain';
import { forwardRef, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../ui/select-field';
import { TextField, type TextFieldProps } from '../ui/text-field';
import { gstRateOptions, rateFromSelect, rateToSelect, stateOptions } from './gst-figures';

interface BaseProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  containerClassName?: string;
  onBlur?: () => void;
  name?: string;
  'data-testid'?: string;
}

export const GstRateSelect = forwardRef<
  HTMLSelectElement,
  BaseProps & {
    value: number | null | undefined;
    onChange: (rate: number | null) => void;
  }
>(function GstRateSelect({ value, onChange, ...rest }, ref) {
  const { t } = useTranslation();
  return (
    <SelectField
      ref={ref}
      {...rest}
      placeholder={t('gst.noGst')}
      options={gstRateOptions(t)}
      value={rateToSelect(value)}
      onChange={(event) => onChange(rateFromSelect(event.target.value))}
    />
  );
});

export const StateSelect = forwardRef<
  HTMLSelectElement,
  BaseProps & {
    value: string | null | undefined;
    onChange: (code: string) => void;
    /** The first (empty) option's words; "Choose…" unless told. */
    placeholder?: string;
  }
>(function StateSelect({ value, onChange, placeholder, ...rest }, ref) {
  const { t } = useTranslation();
  return (
    <SelectField
      ref={ref}
      {...rest}
      placeholder={placeholder ?? t('kit.select.choose')}
      options={stateOptions(t)}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
});

/** The state a GSTIN as typed belongs to, or null while it is not a valid GSTIN. */
export function gstinStateOf(gstin: string | null | undefined): GstStateCode | null {
  if (!gstin) return null;
  const parsed = parseGstin(gstin);
  return parsed.ok ? parsed.stateCode : null;
}

/** Uppercases a GSTIN box as it is typed, keeping the caret where it was. */
export function uppercaseInPlace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

/**
 * A GSTIN box: 15 characters, upper case as typed, monospaced, no spelling or autofill help.
 * Takes a `register('gstin')` spread like any text field.
 */
export const GstinField = forwardRef<HTMLInputElement, TextFieldProps>(function GstinField(
  { onChange, className, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      optional
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={15}
      placeholder="27AAPFU0939F1ZV"
      className={className ? `font-mono tracking-wide ${className}` : 'font-mono tracking-wide'}
      {...props}
      onChange={(event) => {
        uppercaseInPlace(event);
        return onChange?.(event);
      }}
    />
  );
});
