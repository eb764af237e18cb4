import { zSiteCreate } from '@siteledger/domain';
import type { z } from 'zod';
import { formSchema } from '../../lib/form-schema';

/** Create Site (spec part 2 "Site forms"): the domain's rules, with the sites' own messages. */
export const siteFormSchema = formSchema(zSiteCreate, {
  name: 'sites.validation.nameRequired',
  total_units: {
    invalid_type: 'sites.validation.unitsRequired',
    not_whole: 'sites.validation.unitsWhole',
    too_small: 'sites.validation.minOne',
  },
  total_planned_area: {
    invalid_type: 'sites.validation.areaRequired',
    too_small: 'sites.validation.minOne',
  },
});
export type SiteFormValues = z.infer<typeof siteFormSchema>;
