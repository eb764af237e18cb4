import { zodResolver } from '@hookform/resolvers/zod';
import { zTagName, type Tag } from '@siteledger/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { TagChip } from '../../components/tag-picker';
import { FormDialog } from '../../components/ui/form-dialog';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useUpdateTag } from './api';
import { ColorPalette } from './color-palette';
import { tagChanges, tagFormSchema, type TagFormInput, type TagFormValues } from './tag-form';

const FIELDS = ['name', 'color'] as const;

/** Rename and recolour a tag; the form starts fresh each time the dialog opens. */
export function TagFormDialog({
  tag,
  onOpenChange,
}: {
  tag: Tag | null;
  onOpenChange: (open: boolean) => void;
}) {
  return tag ? <TagForm key={tag.id} tag={tag} onOpenChange={onOpenChange} /> : null;
}

function TagForm({ tag, onOpenChange }: { tag: Tag; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateTag();
  const form = useForm<TagFormInput, unknown, TagFormValues>({
    resolver: zodResolver(tagFormSchema),
    defaultValues: { name: tag.name, color: tag.color.toLowerCase() },
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'tags.manage.fields');
  const [name, color] = useWatch({ control, name: ['name', 'color'] });

  const onSubmit = handleSubmit((values) => {
    const changes = tagChanges(tag, values);
    if (!changes) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: tag.id, data: changes },
      {
        onSuccess: (saved) => {
          toast.success(t('tags.manage.toast.updated', { name: saved.name }));
          onOpenChange(false);
        },
        onError: (error) => {
          // A name another tag of this type has: the server's message goes under the name (and
          // only there, so it goes once the name is changed).
          if (isApiError(error) && error.code === 'ALREADY_EXISTS') {
            setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
            update.reset();
          } else if (applyServerFieldErrors(error, FIELDS, setError)) update.reset();
        },
      },
    );
  });

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('tags.manage.editTitle')}
      description={t(`tags.types.${tag.type}`)}
      onSubmit={onSubmit}
      submitLabel={t('kit.actions.saveChanges')}
      busy={update.isPending}
      error={update.isError ? errorMessage(update.error, t) : null}
      testId="tag-form"
    >
      <TextField
        autoFocus
        maxLength={zTagName.maxLength ?? undefined}
        data-testid="tag-name"
        {...fieldProps('name')}
      />
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <ColorPalette
            value={field.value}
            onChange={field.onChange}
            error={fieldError(t, errors.color)}
          />
        )}
      />
      <div className="flex flex-wrap items-center gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <span className="text-fg-muted">{t('tags.manage.preview')}</span>
        <TagChip tag={{ name: name.trim() || tag.name, color }} className="text-sm" />
      </div>
    </FormDialog>
  );
}
