import type { Vendor } from '@siteledger/domain';
import {
  Building2,
  Check,
  Copy,
  Landmark,
  Mail,
  MapPin,
  Phone,
  ReceiptIndianRupee,
  Tags,
  UserRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '../../components/tag-picker';
import { Card, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { telHref } from './vendor-format';

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
      className="flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-subtle hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      aria-label={copied ? t('vendors.detail.copied') : label}
      title={copied ? t('vendors.detail.copied') : label}
    >
      {copied ? (
        <Check className="size-4 text-success" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}

function Detail({
  icon: Icon,
  label,
  children,
  action,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex items-start gap-3 py-3" data-testid={testId}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-fg-muted">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <dt className="text-xs font-medium text-fg-muted">{label}</dt>
        <dd className="mt-0.5 break-words text-sm text-fg">{children}</dd>
      </div>
      {action}
    </div>
  );
}

/** The vendor's contact, tax and payment details. */
export function VendorProfile({ vendor }: { vendor: Vendor | undefined }) {
  const { t } = useTranslation();
  if (!vendor) {
    return (
      <Card className="space-y-4 p-5">
        <Skeleton className="h-5 w-32" />
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex gap-3">
            <Skeleton className="size-8" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          </div>
        ))}
      </Card>
    );
  }
  const tags = vendor.expand?.tags ?? [];
  const nothing = !(
    vendor.company_name ||
    vendor.contact_person ||
    vendor.phone ||
    vendor.email ||
    vendor.gstin ||
    vendor.address ||
    vendor.payment_details ||
    tags.length
  );
  return (
    <Card className="px-5 pb-2 pt-5" data-testid="vendor-profile">
      <CardTitle>{t('vendors.detail.details')}</CardTitle>
      {nothing ? (
        <p className="py-4 text-sm text-fg-muted">{t('vendors.detail.noDetails')}</p>
      ) : (
        <dl className="mt-1 divide-y divide-border">
          {vendor.company_name ? (
            <Detail icon={Building2} label={t('vendors.fields.companyName')}>
              {vendor.company_name}
            </Detail>
          ) : null}
          {vendor.contact_person ? (
            <Detail icon={UserRound} label={t('vendors.fields.contactPerson')}>
              {vendor.contact_person}
            </Detail>
          ) : null}
          {vendor.phone ? (
            <Detail icon={Phone} label={t('vendors.fields.phone')}>
              <a
                href={telHref(vendor.phone)}
                className="font-medium tabular-nums text-primary hover:underline"
                data-testid="vendor-phone-link"
              >
                {vendor.phone}
              </a>
            </Detail>
          ) : null}
          {vendor.email ? (
            <Detail icon={Mail} label={t('vendors.fields.email')}>
              <a href={`mailto:${vendor.email}`} className="text-primary hover:underline">
                {vendor.email}
              </a>
            </Detail>
          ) : null}
          {vendor.gstin ? (
            <Detail
              icon={ReceiptIndianRupee}
              label={t('vendors.fields.gstin')}
              action={<CopyButton text={vendor.gstin} label={t('vendors.detail.copyGstin')} />}
              testId="vendor-gstin-value"
            >
              <span className="font-mono tracking-wide">{vendor.gstin}</span>
            </Detail>
          ) : null}
          {vendor.address ? (
            <Detail icon={MapPin} label={t('vendors.fields.address')}>
              <span className="whitespace-pre-line">{vendor.address}</span>
            </Detail>
          ) : null}
          {vendor.payment_details ? (
            <Detail
              icon={Landmark}
              label={t('vendors.fields.paymentDetails')}
              action={
                <CopyButton
                  text={vendor.payment_details}
                  label={t('vendors.detail.copyPaymentDetails')}
                />
              }
            >
              <span className="whitespace-pre-line">{vendor.payment_details}</span>
            </Detail>
          ) : null}
          {tags.length ? (
            <Detail icon={Tags} label={t('vendors.fields.specialties')}>
              <TagChips tags={tags} max={20} className="mt-1" />
            </Detail>
          ) : null}
        </dl>
      )}
    </Card>
  );
}
