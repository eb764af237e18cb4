import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFieldProps } from '../../components/form/use-field-props';
import { NewPasswordFields } from '../../components/new-password-fields';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { TextField } from '../../components/ui/text-field';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { safeNextPath, withNext } from '../../lib/next-path';
import { useSession } from '../../lib/session';
import { useRegister } from './api';
import { AuthLayout } from './auth-layout';
import { AuthBotCheck, AuthFailure, AuthSubmit, AuthSwitch, EmailField } from './auth-form-parts';
import { registerSchema, type RegisterValues } from './schemas';
import { useBotCheck } from './use-bot-check';

/**
 * "I agree to the <terms>…</terms> and the <privacy>…</privacy>": the tagged words link to the
 * Terms and Privacy pages (a new tab, so the half-filled form stays).
 */
function LegalLabel({ text }: { text: string }) {
  const parts = text.split(/<(terms|privacy)>(.*?)<\/\1>/);
  const out: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) out.push(parts[i]);
    const doc = parts[i + 1];
    if (doc) {
      out.push(
        <Link
          key={doc}
          to={`/${doc}`}
          target="_blank"
          rel="noopener"
          className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
          data-testid={`register-${doc}-link`}
        >
          {parts[i + 2]}
        </Link>,
      );
    }
  }
  return <>{out}</>;
}

const REGISTER_FIELDS = [
  'name',
  'email',
  'password',
  'passwordConfirm',
  'phone',
  'couponCode',
  'legal_accepted',
] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const registration = useRegister();
  const bot = useBotCheck();
  // An invitation mail links here with the invited address and the way back to the invitation.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      name: '',
      email: params.get('email')?.trim().slice(0, 254) ?? '',
      password: '',
      passwordConfirm: '',
      phone: '',
      couponCode: '',
      legal_accepted: false,
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!bot.ready()) return;
    registration.mutate(
      {
        name: values.name,
        email: values.email,
        password: values.password,
        passwordConfirm: values.passwordConfirm,
        phone: values.phone || undefined,
        couponCode: values.couponCode || undefined,
        legal_accepted: true,
        botToken: bot.token,
      },
      {
        onSuccess: (result) => signIn(result),
        onError: (error) => {
          bot.reset();
          applyServerFieldErrors(error, REGISTER_FIELDS, form.setError);
        },
      },
    );
  });

  return (
    <AuthLayout
      testId="register-page"
      texts="auth.register"
      footer={
        <AuthSwitch
          text={t('auth.register.haveAccount')}
          link={t('auth.register.signIn')}
          to={withNext('/login', next)}
        />
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <AuthFailure
          failed={registration}
          fallbackKey="auth.errors.registrationFailed"
          testId="register-error"
        />
        <RegisterFields form={form} />
        <AuthBotCheck bot={bot} />
        <AuthSubmit
          loading={registration.isPending}
          icon={<UserPlus className="size-4" aria-hidden="true" />}
          testId="register-submit"
        >
          {t('auth.register.submit')}
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}

function RegisterFields({ form }: { form: UseFormReturn<RegisterValues> }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'auth.fields');
  return (
    <>
      <TextField autoComplete="name" autoFocus {...fieldProps('name', { placeholder: true })} />
      <EmailField error={fieldError(t, errors.email)} {...register('email')} />
      <NewPasswordFields
        register={register}
        errors={errors}
        label={t('auth.fields.password')}
        confirmLabel={t('auth.fields.passwordConfirm')}
        paired
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          optional
          placeholder="+91 98765 43210"
          {...fieldProps('phone')}
        />
        <TextField autoComplete="off" optional {...fieldProps('couponCode')} />
      </div>
      <CheckboxField
        label={<LegalLabel text={t('auth.register.legalLinks')} />}
        error={fieldError(t, errors.legal_accepted)}
        {...register('legal_accepted')}
      />
    </>
  );
}
