import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useConfirmVerification } from './api';
import { AuthOutcomeIcon } from './auth-form-parts';
import { AuthLayout } from './auth-layout';

/** Reached from the mailed link `/verify?token=…`; confirms the email address once. */
export function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const verify = useConfirmVerification();
  const { mutate } = verify;
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = status === 'signed-in' ? '/' : '/login';
  const nextLabel = status === 'signed-in' ? t('auth.verify.continue') : t('auth.reset.signIn');
  const failed = !token || verify.isError;

  return (
    <AuthLayout testId="verify-page" title={t('auth.verify.title')}>
      <div className="rounded-2xl border border-border bg-surface p-6 text-center shadow-card">
        {verify.isSuccess ? (
          <>
            <AuthOutcomeIcon tone="success">
              <CheckCircle2 className="size-6" aria-hidden="true" />
            </AuthOutcomeIcon>
            <p className="text-sm text-fg-muted" data-testid="verify-done">
              {t('auth.verify.done')}
            </p>
          </>
        ) : failed ? (
          <>
            <AuthOutcomeIcon tone="danger">
              <XCircle className="size-6" aria-hidden="true" />
            </AuthOutcomeIcon>
            <p className="text-sm text-fg-muted" role="alert" data-testid="verify-error">
              {token ? errorMessage(verify.error, t) : t('auth.verify.missingToken')}
            </p>
          </>
        ) : (
          <div className="flex flex-col items-center gap-3 py-2 text-sm text-fg-muted">
            <Spinner className="size-6 text-primary" />
            {t('auth.verify.checking')}
          </div>
        )}
        {verify.isSuccess || failed ? (
          <Link to={next} className={buttonClasses('primary', 'lg', true) + ' mt-6'}>
            {nextLabel}
          </Link>
        ) : null}
      </div>
    </AuthLayout>
  );
}
