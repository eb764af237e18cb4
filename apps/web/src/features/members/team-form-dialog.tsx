import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, zInvitationCreate, type Role } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { applyServerFieldErrors } from '../../lib/form';
import { useFieldProps } from '../../components/form/use-field-props';
import { formSchema } from '../../lib/form-schema';
import { useAddMember, useInviteUser } from './api';
import { teamErrorMessage } from './team-errors';

const isRoleValue = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

// The select gives a string; the domain's enum checks it.
const teamFormSchema = formSchema(
  zInvitationCreate.extend({ role: z.string().pipe(zInvitationCreate.shape.role) }),
  { email: { required: 'validation.emailRequired' }, role: 'members.validation.roleRequired' },
);
type TeamFormValues = z.input<typeof teamFormSchema>;

const FIELDS = ['email', 'role'] as const;

/** Default role when adding or inviting someone (spec part 9). */
const DEFAULT_ROLE: Role = 'supervisor';

export type TeamFormMode = 'invite' | 'add';

/**
 * "Invite user" (an invitation mailed to any address, valid 7 days) or "Add existing user" (a
 * registered user joins at once). Both take an email and a role; the server's refusals show
 * in the dialog. The form starts fresh each time the dialog opens.
 */
interface TeamFormProps {
  mode: TeamFormMode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  siteName: string;
}

export function TeamFormDialog(props: TeamFormProps) {
  return <TeamForm key={props.open ? props.mode : 'closed'} {...props} />;
}

function TeamForm({ mode, open, onOpenChange, siteName }: TeamFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const invite = useInviteUser();
  const add = useAddMember();
  const mutation = mode === 'invite' ? invite : add;
  const form = useForm<TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    defaultValues: { email: '', role: DEFAULT_ROLE },
  });
  const {
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'members.fields');
  const role = watch('role');

  const onSubmit = handleSubmit((values) => {
    const body = { email: values.email.trim().toLowerCase(), role: values.role as Role };
    const roleLabel = t(`roles.${body.role}`);
    const failed = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    if (mode === 'invite') {
      invite.mutate(body, {
        onSuccess: () => {
          toast.success(t('members.invite.success', { email: body.email, role: roleLabel }));
          onOpenChange(false);
        },
        onError: failed,
      });
    } else {
      add.mutate(body, {
        onSuccess: () => {
          toast.success(t('members.add.success', { email: body.email, role: roleLabel }));
          onOpenChange(false);
        },
        onError: failed,
      });
    }
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  const testId = mode === 'invite' ? 'invite-form' : 'add-member-form';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`members.${mode}.title`)}
      description={t(`members.${mode}.subtitle`, { site: siteName })}
      onSubmit={onSubmit}
      submitLabel={t(`members.${mode}.submit`)}
      busy={mutation.isPending}
      error={
        mutation.isError && !hasFieldErrors
          ? teamErrorMessage(
              mutation.error,
              t,
              i18n.language,
              mode === 'invite' ? 'members.errors.inviteFailed' : 'errors.operationFailed',
            )
          : null
      }
      testId={testId}
    >
      <TextField
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        hint={t(`members.${mode}.emailHint`)}
        data-testid={`${testId}-email`}
        {...fieldProps('email', { placeholder: true })}
      />
      <SelectField
        options={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
        hint={isRoleValue(role) ? t(`members.roleDescriptions.${role}`) : undefined}
        data-testid={`${testId}-role`}
        {...fieldProps('role')}
      />
    </FormDialog>
  );
}
