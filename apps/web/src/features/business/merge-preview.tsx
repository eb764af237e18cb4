/**
 * What a merge would do (POST …/merge with `preview`): the sites that move into the business,
 * the sites whose TDS deductor (TAN) changes — a warning — and the vendors that are one party on
 * several sites, for the owner's information (they stay as they are in this step).
 */
import type { BusinessMergeResult } from '@siteledger/domain';
import { ArrowRight, Building2, TriangleAlert, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';

/** A titled part of a merge's preview (also the vendor merge's). */
export function Section({
  icon,
  title,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-fg [&_svg]:size-4 [&_svg]:shrink-0">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

export const LIST = 'divide-y divide-border rounded-xl border border-border text-sm';
export const ITEM = 'px-3 py-2.5';

export function MergePreview({ result }: { result: BusinessMergeResult }) {
  const { t } = useTranslation();
  const none = t('business.merge.noTan');
  return (
    <div className="space-y-5" data-testid="business-merge-preview">
      <Section
        icon={<Building2 aria-hidden="true" />}
        title={t('business.merge.sitesMoved', {
          count: result.sites_moved.length,
          name: result.business.name,
        })}
        testId="business-merge-sites"
      >
        <ul className={LIST}>
          {result.sites_moved.map((site) => (
            <li key={site.id} className={ITEM} data-testid={`business-merge-site-${site.id}`}>
              <p className="font-medium text-fg">{site.name}</p>
              <p className="text-xs text-fg-muted">
                {t('business.merge.fromBusiness', { name: site.from_name })}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      {result.tan_changes.length > 0 ? (
        <Section
          icon={<TriangleAlert aria-hidden="true" className="text-warning-soft-fg" />}
          title={t('business.merge.tanTitle')}
          testId="business-merge-tan"
        >
          <ul className={LIST}>
            {result.tan_changes.map((change) => (
              <li
                key={change.site}
                className={`${ITEM} bg-warning-soft/60`}
                data-testid={`business-merge-tan-${change.site}`}
              >
                <p className="font-medium text-fg">{change.name}</p>
                <p className="flex flex-wrap items-center gap-1.5 font-mono text-xs text-fg-muted">
                  <span>{change.from ?? none}</span>
                  <ArrowRight className="size-3.5" aria-hidden="true" />
                  <span className="font-semibold text-fg">{change.to ?? none}</span>
                </p>
                <p className="mt-1 text-xs text-warning-soft-fg">
                  {change.to
                    ? t('business.merge.tanWarning', { tan: change.to })
                    : t('business.merge.tanCleared')}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section
        icon={<Users aria-hidden="true" />}
        title={t('business.merge.vendorsTitle')}
        testId="business-merge-vendors"
      >
        {result.duplicate_vendors.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('business.merge.noDuplicates')}</p>
        ) : (
          <>
            <p className="text-xs text-fg-muted">{t('business.merge.vendorsHint')}</p>
            <ul className={LIST}>
              {result.duplicate_vendors.map((group) => (
                <li
                  key={`${group.reason}-${group.gstin ?? group.name}`}
                  className={ITEM}
                  data-testid="business-merge-vendor"
                >
                  <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                    {group.name}
                    <Badge tone="info">{t(`business.merge.reason.${group.reason}`)}</Badge>
                  </p>
                  {group.gstin ? (
                    <p className="font-mono text-xs text-fg-muted">{group.gstin}</p>
                  ) : null}
                  <p className="mt-1 text-xs text-fg-muted">
                    {t('business.merge.onSites', {
                      sites: group.vendors.map((vendor) => vendor.site_name).join(', '),
                    })}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>
    </div>
  );
}
