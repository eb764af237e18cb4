import {
  TAG_PALETTE,
  TAG_TYPES,
  zTagCreate,
  zTagName,
  type Tag,
  type TagType,
  type TagUpdate,
} from '@siteledger/domain';
import { z } from 'zod';
import { formSchema } from '../../lib/form-schema';

/** The edit form: the name as the server takes it (`zTagName`) and a #rrggbb colour. */
export const tagFormSchema = formSchema(
  z.object({ name: zTagName, color: zTagCreate.shape.color.unwrap() }),
  { name: 'validation.nameRequired', color: 'tags.manage.validation.color' },
);
export type TagFormInput = z.input<typeof tagFormSchema>;
export type TagFormValues = z.output<typeof tagFormSchema>;

/** What the PATCH sends: only the fields that changed, or null when nothing did. */
export function tagChanges(
  tag: Pick<Tag, 'name' | 'color'>,
  values: TagFormValues,
): TagUpdate | null {
  const changes: TagUpdate = {};
  const name = values.name.trim();
  const color = values.color.toLowerCase();
  if (name !== tag.name) changes.name = name;
  if (color !== tag.color.toLowerCase()) changes.color = color;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The colours offered: the palette of 20, and first the tag's own colour when it is not one of
 * them (a colour given through the API stays choosable).
 */
export function colorChoices(current: string): string[] {
  const own = current.toLowerCase();
  const palette: readonly string[] = TAG_PALETTE;
  return palette.includes(own) ? [...palette] : [own, ...palette];
}

export function isTagType(value: string | null | undefined): value is TagType {
  return (TAG_TYPES as readonly string[]).includes(value ?? '');
}

/** Where the page's back link goes for a type: the list whose records carry that kind of tag. */
export function backFor(type: string | undefined): { to: string; labelKey: string } | null {
  switch (type) {
    case 'item_category':
      return { to: '/items', labelKey: 'nav.items' };
    case 'service_category':
      return { to: '/services', labelKey: 'nav.services' };
    case 'specialty':
      return { to: '/vendors', labelKey: 'nav.vendors' };
    default:
      return null;
  }
}
