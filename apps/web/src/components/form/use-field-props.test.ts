import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../lib/form';
import { i18n } from '../../lib/i18n';
import { MoneyField } from '../ui/money-field';
import { TextField } from '../ui/text-field';
import { parseDecimalInput } from './decimal-input';
import { useFieldProps } from './use-field-props';

interface Values {
  service_type: string;
  standard_rate: number | undefined;
}

const t = (key: string) => i18n.t(key);

/** Renders what `field` draws with a form holding `errors`, as HTML. */
function render(
  errors: FieldErrors<Values>,
  field: (
    form: UseFormReturn<Values>,
    props: ReturnType<typeof useFieldProps<Values, Values>>,
  ) => ReactElement,
): string {
  function Probe() {
    const form = useForm<Values>({
      defaultValues: { service_type: '', standard_rate: undefined },
      errors,
    });
    return field(form, useFieldProps(form, 'auth.fields'));
  }
  return renderToStaticMarkup(h(Probe));
}

describe('useFieldProps', () => {
  const error = { service_type: { type: 'server', message: 'Taken' } };

  it('draws the field as the spelled-out props do', () => {
    const spelled = render(error, (form) =>
      // In the order the spread gives (the attributes' order is all that may differ).
      h(TextField, {
        optional: true,
        label: t('auth.fields.name'),
        placeholder: t('auth.fields.namePlaceholder'),
        error: fieldError(i18n.t, form.formState.errors.service_type),
        ...form.register('service_type'),
      }),
    );
    const derived = render(error, (_form, fieldProps) =>
      h(TextField, {
        optional: true,
        ...fieldProps('service_type', { text: 'name', placeholder: true }),
      }),
    );
    expect(derived).toBe(spelled);
    expect(derived).toContain('Taken');
    expect(derived).toContain(`placeholder="${t('auth.fields.namePlaceholder')}"`);
  });

  it('keeps a placeholder or hint given beside it unless asked for its own', () => {
    const html = render({}, (_form, fieldProps) =>
      h(TextField, { placeholder: '+91', hint: 'Mobile', ...fieldProps('service_type') }),
    );
    expect(html).toContain('placeholder="+91"');
    expect(html).toContain('Mobile');
    // The label's key is the name in camelCase.
    expect(html).toContain(t('auth.fields.serviceType'));
  });

  it('gives a money field the props spelled out for it', () => {
    const spelled = render({}, (form) =>
      h(MoneyField, {
        label: t('auth.fields.phone'),
        hint: t('auth.fields.phoneHint'),
        error: undefined,
        ...form.register('standard_rate', { setValueAs: parseDecimalInput }),
      }),
    );
    const derived = render({}, (_form, fieldProps) =>
      h(MoneyField, fieldProps('standard_rate', { text: 'phone', hint: true, decimal: true })),
    );
    expect(derived).toBe(spelled);
  });

  it("names a line's field by its own name, not its place in the list", () => {
    function Probe() {
      const form = useForm<{ lines: { received_quantity: string }[] }>({
        defaultValues: { lines: [{ received_quantity: '' }] },
      });
      const fieldProps = useFieldProps(form, 'stock.fields');
      return h(TextField, fieldProps('lines.0.received_quantity', { text: 'received' }));
    }
    function Plain() {
      const form = useForm<{ lines: { quantity: string }[] }>({
        defaultValues: { lines: [{ quantity: '' }] },
      });
      return h(TextField, useFieldProps(form, 'stock.fields')('lines.0.quantity'));
    }
    expect(renderToStaticMarkup(h(Plain))).toContain(t('stock.fields.quantity'));
    expect(renderToStaticMarkup(h(Plain))).toContain('name="lines.0.quantity"');
    expect(renderToStaticMarkup(h(Probe))).toContain(t('stock.fields.received'));
  });
});
