import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@siteledger/domain';
import { BadgeCheck, Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/ui/failure-alert';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import { useRequestEmailChange, useRequestVerification } from './api';
import { emailSchema, type EmailValues } from './schemas';

/** The sign-in email; a change takes effect from the link mailed to the new address. */
export function EmailCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const verify = useRequestVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { newEmail: '' },
  });

  const onSubmit = handleSubmit(({ newEmail }) => {
    request.mutate(newEmail, {
      onSuccess: () => {
        setSentTo(newEmail);
        reset();
      },
    });
  });

  return (
    <Card data-testid="profile-email">
      <CardHeader>
        <CardTitle>{t('profile.email.title')}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <div className="flex items-center gap-3 rounded-xl bg-surface-muted/70 px-4 py-3">
          <Mail className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">{user.email}</span>
          {user.verified ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-soft-fg">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {t('profile.email.verified')}
            </span>
          ) : (
            <span className="shrink-0 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-soft-fg">
              {t('profile.email.unverified')}
            </span>
          )}
        </div>
        {!user.verified ? (
          verify.isSuccess ? (
            <Alert tone="success" testId="profile-verification-sent">
              {t('profile.email.verificationSent', { email: user.email })}
            </Alert>
          ) : (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
              <span>{t('profile.email.unverifiedHint')}</span>
              <Button
                variant="link"
                loading={verify.isPending}
                onClick={() => verify.mutate(user.email)}
                data-testid="profile-verification-send"
              >
                {t('profile.email.sendVerification')}
              </Button>
            </div>
          )
        ) : null}
        <FailureAlert failed={verify} />
        {sentTo ? (
          <Alert tone="success" testId="profile-email-sent">
            {t('profile.email.sent', { email: sentTo })}
          </Alert>
        ) : null}
        <FailureAlert failed={request} testId="profile-email-error" />
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            label={t('profile.email.new')}
            type="email"
            autoComplete="email"
            containerClassName="flex-1"
            error={fieldError(t, errors.newEmail)}
            data-testid="profile-new-email"
            {...register('newEmail')}
          />
          <Button
            type="submit"
            variant="secondary"
            loading={request.isPending}
            icon={<Send className="size-4" aria-hidden="true" />}
            className="sm:mt-7"
            data-testid="profile-email-submit"
          >
            {t('profile.email.submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
