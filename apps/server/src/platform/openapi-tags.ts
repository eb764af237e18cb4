import { recordTypes } from '@siteledger/domain';

/**
 * The OpenAPI tags of the site record types, described from the record-type registry (issue 41):
 * a tag several types share (stock, payments) says what each of them is, in registry order.
 */
export function recordTypeTags(): { name: string; description: string }[] {
  const described = new Map<string, string[]>();
  for (const type of recordTypes()) {
    if (!type.description) continue;
    described.set(type.tag, [...(described.get(type.tag) ?? []), type.description]);
  }
  return [...described].map(([name, lines]) => ({ name, description: lines.join(' ') }));
}
