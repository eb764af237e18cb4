import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { applyServerFieldErrors, saveErrorMessage } from '../../lib/form';
import { useSaveSiteSettings } from './site-settings-api';

/**
 * A Settings card's form over some of the site's fields: a save patches the site, says so, and
 * makes what was saved the form's new starting point; the server's field messages show under the
 * fields, any other refusal as `formError`.
 */
export function useSiteSettingsForm<TInput extends FieldValues, TValues, TPatch>({
  siteId,
  resolver,
  defaultValues,
  toPatch,
  toValues,
  fields,
  savedMessage,
}: {
  siteId: string;
  resolver: Resolver<TInput, unknown, TValues>;
  defaultValues: DefaultValues<TInput>;
  toPatch: (values: TValues) => TPatch;
  /** The form's values after a save. */
  toValues: (patch: TPatch) => DefaultValues<TInput>;
  fields: readonly Path<TInput>[];
  savedMessage: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSiteSettings<TPatch>(siteId);
  const form = useForm<TInput, unknown, TValues>({ resolver, defaultValues });
  const formError = saveErrorMessage(t, save, form.formState.errors);
  const submit = form.handleSubmit((values) => {
    const data = toPatch(values);
    save.mutate(data, {
      onSuccess: () => {
        toast.success(savedMessage);
        form.reset(toValues(data));
      },
      onError: (error) => applyServerFieldErrors(error, fields, form.setError),
    });
  });
  return { form, save, formError, submit };
}
