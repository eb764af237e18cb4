import { AUDIT_ACTIONS, AUDIT_ENTITIES, type Member } from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/date-field';
import { SelectField } from '../../components/ui/select-field';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { recordsPath, useSiteId } from '../../lib/site-records';

export interface ActivityFilterValues {
  user: string;
  entity: string;
  action: string;
  from: string;
  to: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilterValues = {
  user: '',
  entity: '',
  action: '',
  from: '',
  to: '',
};

/** The site's members, for the "person" filter. */
function useSiteMembers() {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.records(siteId, 'members'),
    queryFn: async ({ signal }) =>
      (await api.get<{ items: Member[] }>(recordsPath(siteId, 'members'), { signal })).items,
    enabled: Boolean(siteId),
    staleTime: 15_000,
  });
}

/** Person, record type, action and date range of the activity log. */
export function ActivityFilters({
  value,
  onChange,
}: {
  value: ActivityFilterValues;
  onChange: (change: Partial<ActivityFilterValues>) => void;
}) {
  const { t } = useTranslation();
  const members = useSiteMembers();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField
        label={t('audit.log.person')}
        placeholder={t('audit.log.everyone')}
        value={value.user}
        onChange={(event) => onChange({ user: event.target.value })}
        options={(members.data ?? []).map((m) => ({ value: m.user.id, label: m.user.name }))}
        data-testid="activity-filter-user"
      />
      <SelectField
        label={t('audit.log.recordType')}
        placeholder={t('audit.log.allRecords')}
        value={value.entity}
        onChange={(event) => onChange({ entity: event.target.value })}
        options={AUDIT_ENTITIES.map((entity) => ({
          value: entity,
          label: t(`audit.entities.${entity}`),
        }))}
        data-testid="activity-filter-entity"
      />
      <SelectField
        label={t('audit.log.action')}
        placeholder={t('audit.log.allActions')}
        value={value.action}
        onChange={(event) => onChange({ action: event.target.value })}
        options={AUDIT_ACTIONS.map((action) => ({
          value: action,
          label: t(`audit.actions.${action}`),
        }))}
        data-testid="activity-filter-action"
      />
      <DateField
        label={t('audit.log.from')}
        value={value.from}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <DateField
        label={t('audit.log.to')}
        value={value.to}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </div>
  );
}
