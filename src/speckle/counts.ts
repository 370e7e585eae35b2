/**
 * How the page writes a count: one number format and one plural rule for every panel, the status
 * line and the ticket report, so that "1 object" and "8,874 objects" read the same everywhere.
 */
const NUMBER = new Intl.NumberFormat('en-US');
const PLURAL = new Intl.PluralRules('en-US');

/** A count with thousands separators (`8,874`). */
export function formatCount(count: number): string {
  return NUMBER.format(count);
}

/** The word that goes with `count`: `one` for 1, `other` otherwise (0 objects, 2 objects). */
export function pluralOf(count: number, one: string, other: string): string {
  return PLURAL.select(count) === 'one' ? one : other;
}

/** A count and its noun: `1 object`, `8,874 objects`. */
export function countOf(count: number, one: string, other: string): string {
  return `${formatCount(count)} ${pluralOf(count, one, other)}`;
}
