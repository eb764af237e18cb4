import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@siteledger/domain';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EndButton } from '../../components/form/end-button';
import { useFieldProps } from '../../components/form/use-field-props';
import { FailureAlert } from '../../components/ui/failure-alert';
import { SectionCard } from '../../components/ui/section-card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { applyServerFieldErrors } from '../../lib/form';
import { useUpdateProfile } from './api';
import { AvatarPicker } from './avatar-picker';
import { detailsSchema, type DetailsValues } from './schemas';

/** Name, phone and photo; saving updates the signed-in user everywhere (user menu, greeting). */
export function DetailsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateProfile();
  const [avatar, setAvatar] = useState<File | null>(null);
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: user.name, phone: user.phone ?? '' },
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;
  const fieldProps = useFieldProps(form, 'profile.details');

  // A save (here or in another tab) brings new values: the form starts from them.
  useEffect(() => {
    reset({ name: user.name, phone: user.phone ?? '' });
  }, [user.name, user.phone, reset]);

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { ...values, avatar },
      {
        onSuccess: () => {
          setAvatar(null);
          toast.success(t('profile.details.saved'));
        },
        onError: (error) => {
          applyServerFieldErrors(error, ['name', 'phone'] as const, setError);
        },
      },
    );
  });

  return (
    <SectionCard testId="profile-details" texts="profile.details">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <AvatarPicker
          name={user.name}
          avatar={user.avatar}
          file={avatar}
          onFileChange={setAvatar}
          disabled={update.isPending}
        />
        <FailureAlert failed={update} testId="profile-details-error" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField autoComplete="name" data-testid="profile-name" {...fieldProps('name')} />
          <TextField
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            optional
            placeholder="+91 98765 43210"
            data-testid="profile-phone"
            {...fieldProps('phone')}
          />
        </div>
        <EndButton
          type="submit"
          loading={update.isPending}
          disabled={!isDirty && !avatar}
          icon={<Save className="size-4" aria-hidden="true" />}
          data-testid="profile-save"
        >
          {t('profile.details.save')}
        </EndButton>
      </form>
    </SectionCard>
  );
}
