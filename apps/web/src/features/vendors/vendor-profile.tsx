import { formatInr, toPaise, type Vendor } from '@siteledger/domain';
import {
  BadgeCheck,
  Building2,
  Landmark,
  Map as MapIcon,
  Mail,
  MapPin,
  Percent,
  Phone,
  ReceiptIndianRupee,
  Tags,
  UserRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '../../components/tag-picker';
import { Card, CardTitle } from '../../components/ui/card';
import { stateLabel } from '../../components/gst/gst-figures';
import { telHref } from './vendor-format';
import { CopyButton, Detail, VendorProfileSkeleton } from './vendor-profile-parts';

/** The vendor's contact, tax and payment details. */
export function VendorProfile({ vendor }: { vendor: Vendor | undefined }) {
  const { t } = useTranslation();
  if (!vendor) {
    return <VendorProfileSkeleton />;
  }
  const tags = vendor.expand?.tags ?? [];
  // The PAN is stored (API.md "TDS"): the GSTIN's own, or typed for a vendor without one.
  const pan = vendor.pan;
  // An unregistered vendor without a state has nothing about GST worth a line.
  const gstKnown = Boolean(
    vendor.gstin || vendor.state_code || vendor.registration_type !== 'unregistered',
  );
  const nothing = !(
    gstKnown ||
    vendor.company_name ||
    vendor.contact_person ||
    vendor.phone ||
    vendor.email ||
    vendor.gstin ||
    pan ||
    vendor.tds_section ||
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
          {pan ? (
            <Detail
              icon={ReceiptIndianRupee}
              label={t('vendors.fields.pan')}
              testId="vendor-pan-value"
            >
              <span className="font-mono tracking-wide">{pan}</span>
              <span className="ml-2 text-fg-muted" data-testid="vendor-deductee-type">
                · {t(`vendors.tds.deductee.${vendor.deductee_type}`)}
              </span>
            </Detail>
          ) : null}
          {vendor.tds_section ? (
            <Detail icon={Percent} label={t('vendors.tds.title')} testId="vendor-tds-value">
              {t(`vendors.tds.sections.${vendor.tds_section}`)}
              {vendor.tds_194c6 ? ` · ${t('vendors.tds.transporter')}` : ''}
              <span className="block text-fg-muted" data-testid="vendor-tds-deducted">
                {t('vendors.tds.deductedThisYear', {
                  amount: formatInr(toPaise(vendor.tds_deducted)),
                })}
              </span>
            </Detail>
          ) : null}
          {vendor.state_code ? (
            <Detail icon={MapIcon} label={t('gst.vendor.state')} testId="vendor-state-value">
              {stateLabel(t, vendor.state_code)}
            </Detail>
          ) : null}
          {gstKnown ? (
            <Detail
              icon={BadgeCheck}
              label={t('gst.vendor.registration')}
              testId="vendor-registration-value"
            >
              {t(`gst.registration.${vendor.registration_type}`)}
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
