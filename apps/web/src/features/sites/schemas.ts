import {
  INPUT_TAX_MODES,
  zOptionalGstin,
  zOptionalTan,
  zSiteCreate,
  zStateCode,
} from '@siteledger/domain';
import { z } from 'zod';
import { formSchema } from '../../lib/form-schema';

/**
 * Create Site and Manage site (spec part 2 "Site forms"): the domain's rules, with the sites' own
 * messages. The GST profile (API.md "GST") is held as its text boxes hold it: '' for no GSTIN or
 * no state.
 */
export const siteFormSchema = formSchema(
  zSiteCreate.extend({
    gstin: zOptionalGstin,
    state_code: z.union([z.literal(''), zStateCode]),
    input_tax_mode: z.enum(INPUT_TAX_MODES),
    tan: zOptionalTan,
  }),
  {
    name: 'sites.validation.nameRequired',
    state_code: 'gst.validation.state',
    total_units: {
      invalid_type: 'sites.validation.unitsRequired',
      not_whole: 'sites.validation.unitsWhole',
      too_small: 'sites.validation.minOne',
    },
    total_planned_area: {
      invalid_type: 'sites.validation.areaRequired',
      too_small: 'sites.validation.minOne',
    },
  },
);
export type SiteFormInput = z.input<typeof siteFormSchema>;
export type SiteFormValues = z.output<typeof siteFormSchema>;
