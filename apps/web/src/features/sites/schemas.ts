import { z } from 'zod';

/** Create Site (spec part 2 "Site forms"); messages are i18n keys. */
export const siteFormSchema = z.object({
  name: z.string().trim().min(1, 'sites.validation.nameRequired').max(120, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong'),
  total_units: z
    .number({ error: 'sites.validation.unitsRequired' })
    .int('sites.validation.unitsWhole')
    .min(1, 'sites.validation.minOne')
    .max(1_000_000, 'validation.tooLarge'),
  total_planned_area: z
    .number({ error: 'sites.validation.areaRequired' })
    .min(1, 'sites.validation.minOne')
    .max(1e9, 'validation.tooLarge')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'validation.twoDecimals',
    ),
});
export type SiteFormValues = z.infer<typeof siteFormSchema>;
