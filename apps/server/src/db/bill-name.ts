/**
 * A bill's name in Tally (bill-wise details), fixed when the bill is recorded so that the
 * payments an accountant has imported against it keep matching after any later edit: the
 * supplier's invoice number (else the challan reference, else the date) and the first six
 * characters of the record id, which keep two bills with the same reference apart. Migration 0011
 * names the bills kept before it the same way.
 */
export function billName(reference: string | null | undefined, fallback: string, id: string) {
  return `${reference || fallback} (${id.slice(0, 6)})`;
}
