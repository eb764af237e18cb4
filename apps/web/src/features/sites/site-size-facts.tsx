import { Home, Ruler } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatInteger } from '../../lib/format';
import type { SiteListItem } from './api';

const LOOK = {
  /** In the manage dialog's facts strip, beside the created date. */
  facts: {
    item: 'flex items-center gap-1.5 whitespace-nowrap',
    icon: 'size-4 shrink-0 text-fg-subtle',
    value: 'font-medium text-fg',
  },
  /** At the foot of a site's card. */
  card: {
    item: 'flex items-center gap-2 text-sm',
    icon: 'size-4 text-fg-subtle',
    value: 'text-fg',
  },
} as const;

/** A site's units and planned area, as `<dt>`/`<dd>` pairs inside the caller's `<dl>`. */
export function SiteSizeFacts({
  site,
  look,
}: {
  site: Pick<SiteListItem, 'total_units' | 'total_planned_area'>;
  look: keyof typeof LOOK;
}) {
  const { t } = useTranslation();
  const classes = LOOK[look];
  return (
    <>
      <div className={classes.item}>
        <Home className={classes.icon} aria-hidden="true" />
        <dt className="sr-only">{t('sites.fields.units')}</dt>
        <dd className={classes.value}>
          {t('sites.unitsValue', {
            count: site.total_units,
            value: formatInteger(site.total_units),
          })}
        </dd>
      </div>
      <div className={classes.item}>
        <Ruler className={classes.icon} aria-hidden="true" />
        <dt className="sr-only">{t('sites.fields.area')}</dt>
        <dd className={classes.value}>
          {t('sites.areaValue', { value: formatDecimal(site.total_planned_area) })}
        </dd>
      </div>
    </>
  );
}
