import type { GstStateCode } from '@siteledger/domain';
import type { ReactNode } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import { StateSelect } from './gst-fields';

/**
 * A form's state beside its GSTIN (a Controller's `field`): a GSTIN names its state, so while a
 * valid one is typed the select shows that state, locked; otherwise it is chosen by hand.
 */
export function GstinStateSelect({
  field,
  fromGstin,
  label,
  hints,
  error,
  testId,
}: {
  field: Pick<ControllerRenderProps, 'ref' | 'name' | 'onChange' | 'onBlur'> & {
    value: string | null | undefined;
  };
  /** `gstinStateOf` the GSTIN as typed. */
  fromGstin: GstStateCode | null;
  label: ReactNode;
  hints: { fromGstin: ReactNode; byHand: ReactNode };
  error: string | undefined;
  testId: string;
}) {
  return (
    <StateSelect
      ref={field.ref}
      name={field.name}
      label={label}
      optional={!fromGstin}
      value={fromGstin ?? field.value}
      disabled={Boolean(fromGstin)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      hint={fromGstin ? hints.fromGstin : hints.byHand}
      error={error}
      data-testid={testId}
    />
  );
}
