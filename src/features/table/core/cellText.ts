/**
 * One cell from the values a column found in an object. Several values (a path through arrays,
 * several parameters of one name) are shown in document order, joined by "; ", the first
 * `MAX_VALUES` of them and then how many more there are: a root's `elements.speckle_type` over
 * 100,000 children is not one cell of megabytes. A cell's unit is the values' unit when they share
 * one; values with different units each carry theirs in the text. A cell is a number (sorted,
 * ranged and summed as one) only when it holds one value, and that value is a number.
 */
import type { CellValue } from './cellValues';

export const MAX_VALUES = 100;
export const VALUE_SEPARATOR = '; ';

/** The cell for these values; null when there are none (the object has nothing there). */
export function cellOf(values: readonly CellValue[]): CellValue | null {
  if (values.length === 0) return null;
  if (values.length === 1) return values[0]!;
  const shown = values.slice(0, MAX_VALUES);
  const units = new Set(shown.map((value) => value.unit));
  const shared = units.size === 1 ? shown[0]!.unit : null;
  const texts = shown.map((value) =>
    shared === null && value.unit !== null ? `${value.text} ${value.unit}` : value.text,
  );
  const more = values.length - shown.length;
  if (more > 0) texts.push(`… ${more.toLocaleString('en-US')} more`);
  return { text: texts.join(VALUE_SEPARATOR), number: null, unit: shared };
}
